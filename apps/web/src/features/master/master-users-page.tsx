import { signedOutMessage } from '@fourfour/shared/content';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@fourfour/shared/constants';
import {
  MASTER_MESSAGES,
  type MasterUserRow,
  type MasterUserSortField,
  parseUserSort,
  roleChangeLock,
  type SortDirection,
} from '@fourfour/shared/master';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconArrowsSort, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useMasterUsers } from './api/get-master-users.ts';
import { RoleEditor } from './components/role-editor.tsx';

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: MasterUserSortField;
  label: string;
  sort: { field: MasterUserSortField; direction: SortDirection };
  onSort: (field: MasterUserSortField) => void;
}) {
  const active = sort.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'ASC' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} aria-label={`Sort by ${label}`} style={{ whiteSpace: 'nowrap' }}>
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
    const direction = sort.field === field && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    setSortValue(`${field},${direction}`);
    setPage(0);
  };

  let body: ReactNode;
  if (users.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading users" />
      </Center>
    );
  } else if (users.isError) {
    const status = isApiError(users.error) ? users.error.status : null;
    body = (
      <Alert color="red" variant="light" role="alert">
        {status === 403
          ? MASTER_MESSAGES.mustBeMaster
          : status === 401
            ? signedOutMessage('manage users')
            : (serverMessageOf(users.error) ?? MASTER_MESSAGES.usersLoadFailed)}
      </Alert>
    );
  } else if (users.data.content.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {MASTER_MESSAGES.noUsers}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="master-users">
            <Table.Thead>
              <Table.Tr>
                <SortHeader field="id" label="ID" sort={sort} onSort={onSort} />
                <SortHeader field="email" label="Email" sort={sort} onSort={onSort} />
                <SortHeader field="username" label="Username" sort={sort} onSort={onSort} />
                <SortHeader field="subscriptionTier" label="Plan" sort={sort} onSort={onSort} />
                <SortHeader field="subscriptionActive" label="Subscription" sort={sort} onSort={onSort} />
                <SortHeader field="deleted" label="Status" sort={sort} onSort={onSort} />
                <SortHeader field="role" label="Role" sort={sort} onSort={onSort} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.content.map((u: MasterUserRow) => (
                <Table.Tr key={u.id} data-testid={`user-row-${u.id}`}>
                  <Table.Td>{u.id}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.email ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.username ?? '—'}</Table.Td>
                  <Table.Td>{u.subscriptionTier === 'NONE' ? '—' : u.subscriptionTier}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={u.subscriptionActive ? 'teal' : 'gray'}>
                      {u.subscriptionActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={u.deleted ? 'red' : 'gray'}>
                      {u.deleted ? 'Deleted' : 'Live'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RoleEditor
                      key={`${u.id}-${u.role}`}
                      user={u}
                      lock={me ? roleChangeLock(me, u) : MASTER_MESSAGES.ownRoleLocked}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

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
        {body}
        {users.data && users.data.totalPages > 1 && (
          <Center>
            <Pagination
              total={users.data.totalPages}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              siblings={1}
              boundaries={1}
            />
          </Center>
        )}
      </Stack>
    </Container>
  );
}
