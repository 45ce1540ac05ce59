/** Every query key of the song submissions inbox. */
export const submissionsKeys = {
  all: ['submissions'] as const,
  /** One page of the inbox: the cursor it starts at (null: the first page) and its size. */
  page: (cursor: string | null, size: number) => [...submissionsKeys.all, 'page', cursor, size] as const,
};
