/** Spec 02 §9: a sine beep at 880 Hz for about 0.16 s and a 20-30-20 ms vibration after a read. */
export const BEEP_HZ = 880;
export const BEEP_SECONDS = 0.16;
export const VIBRATION_PATTERN = [20, 30, 20];

let context: AudioContext | null = null;

/**
 * Call from a user gesture (the page's first tap) so that browsers let the later beep play:
 * an AudioContext created or resumed outside a gesture stays suspended on phones.
 */
export function unlockBeep(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

/** The beep is synthesised with Web Audio instead of the spec's static audio file (docs/decisions.md). */
export function beep(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = BEEP_HZ;
    const now = context.currentTime;
    // A short fade in and out: no click at either edge.
    gain.gain.setValueAtTime(0, now);
    gain.gain.linearRampToValueAtTime(0.4, now + 0.01);
    gain.gain.setValueAtTime(0.4, now + BEEP_SECONDS - 0.02);
    gain.gain.linearRampToValueAtTime(0, now + BEEP_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now);
    oscillator.stop(now + BEEP_SECONDS);
  } catch {
    // No audio on this device: the vibration and the card still tell the result.
  }
}

export function vibrate(): void {
  try {
    navigator.vibrate?.(VIBRATION_PATTERN);
  } catch {
    // Not supported (iOS Safari): nothing to do.
  }
}
