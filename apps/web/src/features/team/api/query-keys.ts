/** Every query key of the team page and its admin editor. */
export const teamKeys = {
  all: ['team'] as const,
  admin: () => [...teamKeys.all, 'admin'] as const,
  public: () => [...teamKeys.all, 'public'] as const,
};
