import { toggledSort } from '@fourfour/shared/paging';
import { signedOutMessage } from '@fourfour/shared/content';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@fourfour/shared/constants';
import {
  MASTER_MESSAGES,
  type MasterUserRow,
  type MasterUserSortField,
  parseUserSort,
  roleChangeLock,
} from '@fourfour/shared/master';
import { Badge, Button, Container, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { PagedTable, type PagedTableColumn } from '../../components/paged-table.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { type SessionUser, useSession } from '../../lib/session.ts';
import { useMasterUsers } from './api/get-master-users.ts';
import { RoleEditor } from './components/role-editor.tsx';

/** The users table's columns; the role cell edits the role (locked for the caller's own row and MASTER). */
function userColumns(me: SessionUser | null): PagedTableColumn<MasterUserRow, MasterUserSortField>[] {
  return [
    { label: 'ID', sortField: 'id', cell: (u) => u.id },
    { label: 'Email', sortField: 'email', td: { style: { whiteSpace: 'nowrap' } }, cell: (u) => u.email ?? '—' },
    {
      label: 'Username',
      sortField: 'username',
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (u) => u.username ?? '—',
    },
    {
      label: 'Plan',
      sortField: 'subscriptionTier',
      cell: (u) => (u.subscriptionTier === 'NONE' ? '—' : u.subscriptionTier),
    },
    {
      label: 'Subscription',
      sortField: 'subscriptionActive',
      cell: (u) => (
        <Badge variant="light" color={u.subscriptionActive ? 'teal' : 'gray'}>
          {u.subscriptionActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      label: 'Status',
      sortField: 'deleted',
      cell: (u) => (
        <Badge variant="light" color={u.deleted ? 'red' : 'gray'}>
          {u.deleted ? 'Deleted' : 'Live'}
        </Badge>
      ),
    },
    {
      label: 'Role',
      sortField: 'role',
      cell: (u) => (
        <RoleEditor
          key={`${u.id}-${u.role}`}
          user={u}
          lock={me ? roleChangeLock(me, u) : MASTER_MESSAGES.ownRoleLocked}
        />
      ),
    },
  ];
}

/** /master/user: every account, sortable and paged, with email search and role editing (MASTER). */
export function MasterUsersPage() {
  const navigate = useNavigate();
  const me = useSession().user;
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sortValue, setSortValue] = useState('id,DESC');
  const [email, setEmail] = useState('');
  const [debouncedEmail] = useDebouncedValue(email, SEARCH_DEBOUNCE_MS);
  const users = useMasterUsers({ page, size, sort: sortValue, email: debouncedEmail });
  const sort = parseUserSort(sortValue) ?? { field: 'id' as const, direction: 'DESC' as const };

  const onSort = (field: MasterUserSortField) => {
    setSortValue(toggledSort(sort, field));
    setPage(0);
  };

  const errorMessage = (error: unknown) => {
    const status = isApiError(error) ? error.status : null;
    return status === 403
      ? MASTER_MESSAGES.mustBeMaster
      : status === 401
        ? signedOutMessage('manage users')
        : (serverMessageOf(error) ?? MASTER_MESSAGES.usersLoadFailed);
  };

  return (
    <Container size="xl" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Users and roles" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Button
              variant="subtle"
              px={0}
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              onClick={() => navigate(-1)}
              w="fit-content"
            >
              Back
            </Button>
            <Title order={1} fz={{ base: 28, sm: 36 }}>
              Users and roles
            </Title>
          </Stack>
          {users.data && (
            <Text size="sm" c="dimmed">
              {users.data.totalElements} {users.data.totalElements === 1 ? 'user' : 'users'}
              {users.isFetching ? ' · updating…' : ''}
            </Text>
          )}
        </Group>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Search by email"
            placeholder="name@example.com"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setPage(0);
            }}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
          />
          <Select
            label="Page size"
            data={PAGE_SIZES.map(String)}
            value={String(size)}
            onChange={(v) => {
              setSize(Number(v ?? DEFAULT_PAGE_SIZE));
              setPage(0);
            }}
            allowDeselect={false}
            w={110}
          />
        </Group>
        <PagedTable
          query={users}
          columns={userColumns(me)}
          rowKey={(u) => u.id}
          rowProps={(u) => ({ 'data-testid': `user-row-${u.id}` })}
          sort={{ ...sort, onSort }}
          table={{ striped: true, highlightOnHover: true, 'data-testid': 'master-users' }}
          minWidth={960}
          loadingLabel="Loading users"
          errorMessage={errorMessage}
          emptyMessage={MASTER_MESSAGES.noUsers}
          page={page}
          onPageChange={setPage}
        />
      </Stack>
    </Container>
  );
}
