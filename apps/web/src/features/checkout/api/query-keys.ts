/** Every query key of the ticket checkout result page. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  result: (sessionId: string | null) => [...checkoutKeys.all, 'result', sessionId] as const,
};
