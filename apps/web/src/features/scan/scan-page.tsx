import { SCAN_MESSAGES, SCAN_STATUSES, type ScanResult, type ScanStatus } from '@fourfour/shared/scan';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowUp, IconRefresh, IconScan } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion.ts';
import { useScanTicket } from './api/scan-ticket.ts';
import { type CameraProblem, CameraView } from './components/camera-view.tsx';
import { ManualCodeForm } from './components/manual-code-form.tsx';
import { NotValidCard, ValidCard } from './components/scan-result-card.tsx';
import classes from './scan.module.css';
import { beep, unlockBeep, vibrate } from './scan-feedback.ts';

type Outcome = { kind: 'valid'; result: ScanResult } | { kind: 'refused'; status: ScanStatus | null; message: string };

const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied: SCAN_MESSAGES.cameraDenied,
  missing: SCAN_MESSAGES.cameraMissing,
  failed: SCAN_MESSAGES.cameraFailed,
};

function statusOf(error: unknown): ScanStatus | null {
  const body = (error as { body?: unknown })?.body;
  const status = body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined;
  return SCAN_STATUSES.find((s) => s === status) ?? null;
}

/** /ticket/scan (spec 02: Ticket Scanner), for door staff on a phone. */
export function ScanPage() {
  const scanTicket = useScanTicket();
  const reducedMotion = usePrefersReducedMotion();
  const [cameraOn, setCameraOn] = useState(true);
  const [cameraProblem, setCameraProblem] = useState<CameraProblem | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const topRef = useRef<HTMLDivElement>(null);

  // Phones only let audio start after a gesture; the first tap anywhere arms the beep.
  useEffect(() => {
    window.addEventListener('pointerdown', unlockBeep, { once: true });
    return () => window.removeEventListener('pointerdown', unlockBeep);
  }, []);

  const check = useCallback(
    (value: string) => {
      setCode(value);
      setOutcome(null);
      setCameraOn(false);
      scanTicket.mutate(value, {
        onSuccess: (result) => setOutcome({ kind: 'valid', result }),
        onError: (error) =>
          setOutcome({
            kind: 'refused',
            status: statusOf(error),
            message: serverMessageOf(error) ?? SCAN_MESSAGES.fallback,
          }),
      });
    },
    [scanTicket.mutate],
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
    scanTicket.reset();
    setCameraOn(true);
  };

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' });
    topRef.current?.focus({ preventScroll: true });
  };

  const checking = scanTicket.isPending;
  const showCamera = cameraOn && !cameraProblem;

  return (
    <div className={classes.page}>
      <PageTitle title="Ticket scan" />
      <Stack gap="lg">
        <div ref={topRef} tabIndex={-1}>
          <Title order={1}>Ticket scan</Title>
        </div>

        {showCamera && (
          <Stack gap="xs">
            <CameraView onRead={onRead} onProblem={setCameraProblem} />
            <Text className={classes.hint} c="dimmed">
              Point the camera at the ticket’s QR code.
            </Text>
          </Stack>
        )}

        {cameraOn && cameraProblem && (
          <Alert
            color="yellow"
            variant="filled"
            role="alert"
            title="Camera unavailable"
            styles={{ message: { fontSize: '1.1rem' } }}
          >
            {CAMERA_MESSAGES[cameraProblem]}
          </Alert>
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
          {outcome?.kind === 'valid' && <ValidCard result={outcome.result} />}
          {outcome?.kind === 'refused' && code && (
            <NotValidCard status={outcome.status} message={outcome.message} code={code} />
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
        {!outcome && !checking && cameraOn && cameraProblem && (
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

        <ManualCodeForm disabled={checking} onSubmit={check} />

        <Button
          size="lg"
          variant="subtle"
          fullWidth
          leftSection={<IconArrowUp size={22} aria-hidden="true" />}
          onClick={backToTop}
        >
          Back to top
        </Button>
      </Stack>
    </div>
  );
}
