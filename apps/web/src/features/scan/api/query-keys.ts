/** Every query key of the door scanner. */
export const scanKeys = {
  all: ['scan'] as const,
  /** GET /api/ticket-scan/events: the doors open or opening within 48 hours. */
  doorEvents: () => [...scanKeys.all, 'door-events'] as const,
};
