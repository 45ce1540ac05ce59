import { ADMIN_ROLES, SCANNER_ROLES } from '@fourfour/shared/enums';
import { SCAN_MESSAGES } from '@fourfour/shared/scan-rules';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconArrowUp, IconRefresh, IconScan } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { rememberDoorStaff, rememberedDoorStaff } from '../../lib/door-staff.ts';
import { useSession } from '../../lib/session.ts';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion.ts';
import { type CameraProblem, CameraView } from './components/camera-view.tsx';
import { DoorPanel } from './components/door-panel.tsx';
import { ManualCodeForm } from './components/manual-code-form.tsx';
import { NotValidCard, ValidCard } from './components/scan-result-card.tsx';
import { type Outcome, useDoor } from './offline/use-door.ts';
import { registerScannerApp } from './register-scanner-app.ts';
import classes from './scan.module.css';
import { ScanFrame, ScanHeading } from './scan-first-view.tsx';
import { beep, unlockBeep, vibrate } from './scan-feedback.ts';

/** "Checking ticket…" shows only for an answer slower than this (an online one, usually). */
const SHOW_CHECKING_AFTER_MS = 150;

const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied: SCAN_MESSAGES.cameraDenied,
  missing: SCAN_MESSAGES.cameraMissing,
  failed: SCAN_MESSAGES.cameraFailed,
};

/**
 * /ticket/scan (spec 02: Ticket Scanner), for door staff on a phone. Works with no signal (issue
 * 22): an installable app whose service worker keeps it loading offline, checking codes against
 * the door lists it downloaded and sending its offline admissions when the signal returns.
 */
export function ScanPage() {
  const session = useSession();
  // With no signal the guard lets this page decide: the door staff last signed in on this phone.
  const staff = session.user ?? rememberedDoorStaff();
  if (!staff || !SCANNER_ROLES.includes(staff.role)) {
    return <Navigate to="/login" replace state={{ from: '/ticket/scan' }} />;
  }
  return <Scanner signedIn={!!session.user} staffName={staff.username} isAdmin={ADMIN_ROLES.includes(staff.role)} />;
}

function Scanner({ signedIn, staffName, isAdmin }: { signedIn: boolean; staffName: string; isAdmin: boolean }) {
  const door = useDoor();
  const session = useSession();
  const [checking, setChecking] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const [cameraOn, setCameraOn] = useState(true);
  const [cameraProblem, setCameraProblem] = useState<CameraProblem | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const topRef = useRef<HTMLDivElement>(null);

  // Installable, and loads offline once opened online; remembers who scans with this phone.
  useEffect(() => registerScannerApp(), []);
  useEffect(() => {
    if (session.user) rememberDoorStaff(session.user);
  }, [session.user]);

  // Phones only let audio start after a gesture; the first tap anywhere arms the beep.
  useEffect(() => {
    window.addEventListener('pointerdown', unlockBeep, { once: true });
    return () => window.removeEventListener('pointerdown', unlockBeep);
  }, []);

  const check = useCallback(
    (value: string) => {
      // The verdict first: an offline one takes milliseconds, so the page re-renders (camera off,
      // "Checking ticket…") only if the answer is slow to come, and not in the verdict's way.
      let done = false;
      const slow = window.setTimeout(() => {
        if (done) return;
        setCode(value);
        setOutcome(null);
        setCameraOn(false);
        setChecking(true);
      }, SHOW_CHECKING_AFTER_MS);
      door
        .check(value)
        .catch((): Outcome => ({ kind: 'refused', status: null, message: SCAN_MESSAGES.fallback, offline: true }))
        .then((answer) => {
          done = true;
          window.clearTimeout(slow);
          setCode(value);
          setCameraOn(false);
          setChecking(false);
          setOutcome(answer);
        });
    },
    [door.check],
  );

  const onRead = useCallback(
    (text: string) => {
      beep();
      vibrate();
      check(text);
    },
    [check],
  );

  useEffect(() => {
    if (outcome) nextButton.current?.focus({ preventScroll: true });
  }, [outcome]);

  const scanNext = () => {
    setOutcome(null);
    setCode(null);
    setCameraProblem(null);
    setCameraOn(true);
  };

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' });
    topRef.current?.focus({ preventScroll: true });
  };

  return (
    <ScanFrame>
      <div ref={topRef} tabIndex={-1}>
        <ScanHeading />
        {!signedIn && (
          <Text c="dimmed" data-testid="offline-staff">
            No signal: scanning as {staffName} with this phone’s door lists.
          </Text>
        )}
      </div>

      {/* The camera's place is held from the first paint (the live view, or the message saying it
            cannot start, with its Try again), so nothing below moves when the camera check answers. */}
      {cameraOn && (
        <div className={classes.cameraSlot} data-testid="camera-slot">
          {cameraProblem ? (
            <>
              <Alert
                className={classes.cameraProblem}
                color="yellow"
                variant="filled"
                role="alert"
                title="Camera unavailable"
                styles={{ message: { fontSize: '1.1rem' } }}
              >
                {CAMERA_MESSAGES[cameraProblem]}
              </Alert>
              {!outcome && !checking && (
                <Button
                  size="lg"
                  variant="default"
                  fullWidth
                  leftSection={<IconRefresh size={22} aria-hidden="true" />}
                  onClick={scanNext}
                >
                  Try again
                </Button>
              )}
            </>
          ) : (
            <>
              <CameraView onRead={onRead} onProblem={setCameraProblem} />
              <Text className={classes.hint} c="dimmed">
                Point the camera at the ticket’s QR code.
              </Text>
            </>
          )}
        </div>
      )}

      <div role="status" aria-live="assertive">
        {checking && (
          <Group gap="sm" justify="center" py="lg">
            <Loader size="lg" />
            <Text size="xl" fw={700}>
              Checking ticket…
            </Text>
          </Group>
        )}
        {outcome?.kind === 'valid' && (
          <ValidCard result={outcome.result} offline={outcome.offline} onList={outcome.onList} />
        )}
        {outcome?.kind === 'refused' && code && (
          <NotValidCard status={outcome.status} message={outcome.message} code={code} offline={outcome.offline} />
        )}
      </div>

      {outcome && (
        <div className={classes.actions}>
          <Button
            ref={nextButton}
            size="xl"
            fullWidth
            leftSection={<IconScan size={26} aria-hidden="true" />}
            onClick={scanNext}
          >
            Scan next ticket
          </Button>
          {outcome.kind === 'refused' && code && (
            <Button
              size="lg"
              variant="default"
              fullWidth
              leftSection={<IconRefresh size={22} aria-hidden="true" />}
              onClick={() => check(code)}
            >
              Try again
            </Button>
          )}
        </div>
      )}
      <ManualCodeForm disabled={checking} onSubmit={check} />

      <DoorPanel door={door} isAdmin={signedIn && isAdmin} />

      <Button
        size="lg"
        variant="subtle"
        fullWidth
        leftSection={<IconArrowUp size={22} aria-hidden="true" />}
        onClick={backToTop}
      >
        Back to top
      </Button>
    </ScanFrame>
  );
}
