import type { SortDirection } from '@fourfour/shared/paging';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  type TableProps,
  type TableTdProps,
  type TableTrProps,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Fragment, type Key, type ReactNode } from 'react';

/** The table's sort: the active field and direction, and what a click on a sortable heading does. */
export interface TableSort<F extends string> {
  field: F;
  direction: SortDirection;
  onSort: (field: F) => void;
}

/** A column heading that sorts by its field; aria-sort tells screen readers the current order. */
export function SortHeader<F extends string>({ field, label, sort }: { field: F; label: string; sort: TableSort<F> }) {
  const active = sort.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'ASC' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => sort.onSort(field)}
        aria-label={`Sort by ${label}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden="true" opacity={active ? 1 : 0.45} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export interface PagedTableColumn<Row, F extends string> {
  label: string;
  /** Sortable by this field (needs the table's `sort`); a plain heading otherwise. */
  sortField?: F;
  cell: (row: Row) => ReactNode;
  /** Props of the column's cells. */
  td?: TableTdProps;
}

/** The state of the page's query (TanStack Query's result has these). */
export interface PagedQuery<Row> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: { content: Row[]; totalPages: number } | undefined;
}

export interface PagedTableProps<Row, F extends string> {
  query: PagedQuery<Row>;
  columns: PagedTableColumn<Row, F>[];
  rowKey: (row: Row) => Key;
  /** Props of a row (test id, selection, click). */
  rowProps?: (row: Row) => TableTrProps & { 'data-testid'?: string };
  sort?: TableSort<F>;
  /** Mantine Table props: striped, highlightOnHover, data-testid. */
  table?: TableProps & { 'data-testid'?: string };
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  loadingLabel: string;
  /** The alert's text for a failed load (the page knows its 401/403 wording). */
  errorMessage: (error: unknown) => string;
  emptyMessage: string;
  /** On phones (below `sm`), each row as this card instead of the table. */
  phoneCard?: (row: Row) => ReactNode;
  /** Zero-based page index. */
  page: number;
  onPageChange: (page: number) => void;
  /** `numbers`: page buttons, shown from two pages on; `prev-next`: Prev, "Page x of y", Next, always shown. */
  pager?: 'numbers' | 'prev-next';
}

/**
 * The admin and master lists: one paged (and optionally sortable) table with its loading, error and
 * empty states and its pager. It renders the body and the pager as siblings, so the page's Stack
 * spaces them.
 */
export function PagedTable<Row, F extends string = never>(props: PagedTableProps<Row, F>) {
  const { query, columns, sort, page, onPageChange } = props;
  const totalPages = query.data?.totalPages ?? 0;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={props.loadingLabel} />
      </Center>
    );
  } else if (query.isError || !query.data) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {props.errorMessage(query.error)}
      </Alert>
    );
  } else if (query.data.content.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {props.emptyMessage}
        </Text>
      </Paper>
    );
  } else {
    const rows = query.data.content;
    const table = (
      <Paper
        withBorder
        radius="lg"
        p={0}
        style={{ overflow: 'hidden' }}
        visibleFrom={props.phoneCard ? 'sm' : undefined}
      >
        <Table.ScrollContainer minWidth={props.minWidth}>
          <Table verticalSpacing="sm" horizontalSpacing="md" {...props.table}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) =>
                  column.sortField && sort ? (
                    <SortHeader key={column.label} field={column.sortField} label={column.label} sort={sort} />
                  ) : (
                    <Table.Th key={column.label}>{column.label}</Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.label} {...column.td}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
    const { phoneCard } = props;
    body = phoneCard ? (
      <>
        <Stack gap="sm" hiddenFrom="sm">
          {rows.map((row) => (
            <Fragment key={props.rowKey(row)}>{phoneCard(row)}</Fragment>
          ))}
        </Stack>
        {table}
      </>
    ) : (
      table
    );
  }

  let pager: ReactNode = null;
  if (props.pager === 'prev-next') {
    pager = (
      <Group justify="space-between">
        <Button variant="default" onClick={() => onPageChange(Math.max(0, page - 1))} disabled={page === 0}>
          Prev
        </Button>
        <Text size="sm" c="dimmed">
          Page {totalPages === 0 ? 0 : page + 1} of {totalPages}
        </Text>
        <Button variant="default" onClick={() => onPageChange(page + 1)} disabled={page + 1 >= totalPages}>
          Next
        </Button>
      </Group>
    );
  } else if (totalPages > 1) {
    pager = (
      <Center>
        <Pagination total={totalPages} value={page + 1} onChange={(p) => onPageChange(p - 1)} />
      </Center>
    );
  }

  return (
    <>
      {body}
      {pager}
    </>
  );
}
