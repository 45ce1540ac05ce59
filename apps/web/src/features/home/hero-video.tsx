import { ActionIcon } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion.ts';
import classes from './home.module.css';

const POSTER = '/media/hero-poster.jpg';

/**
 * The hero's looping club-light background. Muted, inline, decorative. With reduced motion
 * requested only the still poster shows; otherwise a pause control stops it (WCAG 2.2.2).
 */
export function HeroVideo() {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);

  // React does not write the `muted` attribute; some browsers only autoplay when it is there.
  const attach = useCallback((element: HTMLVideoElement | null) => {
    setVideo(element);
    if (!element) return;
    element.muted = true;
    element.setAttribute('muted', '');
    void element.play().catch(() => setPaused(true));
  }, []);

  if (reducedMotion) {
    return <img className={classes.heroMedia} src={POSTER} alt="" aria-hidden="true" />;
  }

  const toggle = () => {
    if (!video) return;
    if (video.paused) {
      void video
        .play()
        .then(() => setPaused(false))
        .catch(() => setPaused(true));
    } else {
      video.pause();
      setPaused(true);
    }
  };

  return (
    <>
      <video
        ref={attach}
        className={classes.heroMedia}
        poster={POSTER}
        autoPlay
        muted
        loop
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
        disablePictureInPicture
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <ActionIcon
        className={classes.motionToggle}
        onClick={toggle}
        variant="default"
        size="lg"
        radius="xl"
        aria-label={paused ? 'Play background video' : 'Pause background video'}
        aria-pressed={paused}
        title={paused ? 'Play background video' : 'Pause background video'}
      >
        {paused ? <IconPlayerPlay size={18} aria-hidden="true" /> : <IconPlayerPause size={18} aria-hidden="true" />}
      </ActionIcon>
    </>
  );
}
