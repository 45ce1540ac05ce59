/** Every query key of the weekly Top 5 (the page and its editor read the same list). */
export const top5Keys = {
  all: ['top5'] as const,
  current: () => [...top5Keys.all, 'current'] as const,
};
