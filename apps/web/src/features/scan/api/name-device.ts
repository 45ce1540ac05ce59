import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { doorSchemas } from '../../../lib/lazy-schemas.ts';
import { doorCall } from './door-call.ts';

/** PUT /api/ticket-scan/device: this phone's name in scan logs and on the door dashboard. */
export const nameDevice = (deviceId: string, name: string) =>
  doorCall((options) =>
    api.put(
      '/api/ticket-scan/device',
      { deviceId, name },
      { ...options, schema: () => doorSchemas().then((m) => m.DoorDeviceName) },
    ),
  );

export function useNameDevice() {
  return useMutation({
    mutationFn: ({ deviceId, name }: { deviceId: string; name: string }) => nameDevice(deviceId, name),
  });
}
