/** Every query key of the local payment pages. */
export const localPayKeys = {
  all: ['local-pay'] as const,
  checkout: (id: string) => [...localPayKeys.all, 'checkout', id] as const,
  portal: () => [...localPayKeys.all, 'portal'] as const,
};
