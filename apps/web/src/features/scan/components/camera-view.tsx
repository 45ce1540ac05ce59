import { useEffect, useRef } from 'react';
import classes from '../scan.module.css';

/** Spec 02 §9: rear camera, 10 frames per second, scan box 250. */
const SCAN_CONFIG = { fps: 10, qrbox: 250 };
const READER_ID = 'ticket-scan-reader';

export type CameraProblem = 'denied' | 'missing' | 'failed';

/** html5-qrcode rejects with strings or DOMExceptions; their names tell the cases apart. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/NotAllowedError|PermissionDenied|Permission denied|SecurityError/i.test(text)) return 'denied';
  if (/NotFoundError|DevicesNotFound|Requested device not found|OverconstrainedError|no camera/i.test(text)) {
    return 'missing';
  }
  return 'failed';
}

/**
 * Whether the device has a camera at all, asked without opening it: before the camera is allowed,
 * browsers list at most one device of each kind, and none when there is none. True when the
 * browser cannot say (the decoder's start then finds out).
 */
async function hasCamera(): Promise<boolean> {
  const media = navigator.mediaDevices;
  if (typeof media?.getUserMedia !== 'function') return false;
  if (typeof media.enumerateDevices !== 'function') return true;
  try {
    return (await media.enumerateDevices()).some((device) => device.kind === 'videoinput');
  } catch {
    return true;
  }
}

interface CameraViewProps {
  /** Called once per start with the decoded text; the parent stops the camera by unmounting. */
  onRead(text: string): void;
  onProblem(problem: CameraProblem): void;
}

/** The live rear-camera view; scanning runs while it is mounted. */
export function CameraView({ onRead, onProblem }: CameraViewProps) {
  const onReadRef = useRef(onRead);
  const onProblemRef = useRef(onProblem);
  onReadRef.current = onRead;
  onProblemRef.current = onProblem;

  useEffect(() => {
    let unmounted = false;
    let stopCamera = () => {};
    // The decoder (html5-qrcode, ~100 kB gzip) loads with the camera, not with the page, so the
    // scanner page draws at once on a phone (the manual code form works meanwhile). The service
    // worker precaches it with the rest of the app, so it loads offline too. A device with no camera
    // is told so at once, without loading the decoder first.
    hasCamera()
      .then((found) => {
        if (!found) throw new Error('NotFoundError: no camera');
        return import('html5-qrcode');
      })
      .then(
        (decoder) => {
          if (!unmounted) stopCamera = startCamera(decoder);
        },
        (error: unknown) => {
          if (!unmounted) onProblemRef.current(cameraProblemOf(error));
        },
      );

    /** Starts the rear camera and the decoding; returns what stops them. */
    function startCamera({ Html5Qrcode, Html5QrcodeSupportedFormats }: typeof import('html5-qrcode')): () => void {
      let hasRead = false;
      const scanner = new Html5Qrcode(READER_ID, {
        formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        verbose: false,
      });
      const stop = () => {
        if (scanner.isScanning) {
          scanner
            .stop()
            .then(() => scanner.clear())
            .catch(() => {});
        }
      };
      // No camera API at all (an insecure origin, an old browser): say so, offer manual entry.
      const started =
        typeof navigator.mediaDevices?.getUserMedia === 'function'
          ? scanner.start(
              { facingMode: 'environment' },
              SCAN_CONFIG,
              (text) => {
                if (hasRead || unmounted) return;
                hasRead = true;
                // Stop decoding frames at once: the verdict that follows should have the CPU (the
                // camera itself stops when the parent unmounts this view).
                try {
                  scanner.pause(true);
                } catch {
                  // Not scanning any more.
                }
                onReadRef.current(text);
              },
              () => {
                // A frame without a readable code: keep looking.
              },
            )
          : Promise.reject(new Error('NotFoundError: no camera API'));
      started.then(
        () => {
          if (unmounted) stop();
        },
        (error: unknown) => {
          if (!unmounted) onProblemRef.current(cameraProblemOf(error));
        },
      );
      return stop;
    }

    return () => {
      unmounted = true;
      stopCamera();
    };
  }, []);

  return <div id={READER_ID} className={classes.reader} data-testid="camera-view" />;
}
