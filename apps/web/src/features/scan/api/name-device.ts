import { DoorDeviceName } from '@fourfour/shared/door';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { doorCall } from './door-call.ts';

/** PUT /api/ticket-scan/device: this phone's name in scan logs and on the door dashboard. */
export const nameDevice = async (deviceId: string, name: string) =>
  DoorDeviceName.parse(await doorCall((options) => api.put('/api/ticket-scan/device', { deviceId, name }, options)));

export function useNameDevice() {
  return useMutation({
    mutationFn: ({ deviceId, name }: { deviceId: string; name: string }) => nameDevice(deviceId, name),
  });
}
