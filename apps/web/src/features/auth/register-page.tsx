import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
// The date input's styles come with the only page that uses one, not with every first load; after
// the package's components, so its rules follow the core rules they build on.
import '@mantine/dates/styles.css';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import { AUTH_MESSAGES, latestBirthDate, sanitiseUsername } from '@fourfour/shared/auth-rules';
import { PASSWORD_MAX, USERNAME_MAX } from '@fourfour/shared/constants';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PasswordChecklist } from '../../components/password-checklist.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { authSchemas } from '../../lib/lazy-schemas.ts';
import { fieldErrorsOf } from '../../lib/zod-field-errors.ts';
import { useRegister } from './api/register.ts';
import { parseTypedDate } from './auth-form-rules.ts';
import { AuthCard } from './components/auth-card.tsx';
import { TermsModal } from './components/terms-modal.tsx';

type Field = 'email' | 'username' | 'password' | 'confirmPassword' | 'birthDate' | 'termsAccepted';

/** The form's schema comes in once a field is first focused, so it is there by the time of submit. */
const loadSchemas = () => {
  authSchemas().catch(() => {});
};

/**
 * Where a failed registration's message goes (spec 01 §8): a field the body names; for 409/400 a
 * message about the email under email, one about the user(name) under username; else on top.
 */
function placeServerError(error: unknown): { field?: Field; message: string } {
  if (isApiError(error) && error.isNetworkError) return { message: AUTH_MESSAGES.networkError };
  const message = serverMessageOf(error) ?? (isApiError(error) ? error.message : AUTH_MESSAGES.networkError);
  if (isApiError(error)) {
    // The server also names `password` when it is one of the most common ones (checked there only).
    const named = error.fieldErrors.find(
      (e) => e.field === 'email' || e.field === 'username' || e.field === 'password',
    );
    if (named) return { field: named.field as Field, message: named.message };
    if (error.status === 409 || error.status === 400) {
      if (/email/i.test(message)) return { field: 'email', message: message || AUTH_MESSAGES.emailTaken };
      if (/user/i.test(message)) return { field: 'username', message: message || AUTH_MESSAGES.usernameTaken };
    }
  }
  return { message };
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [termsOpen, terms] = useDisclosure(false);
  const [values, setValues] = useState({
    email: '',
    username: '',
    password: '',
    confirmPassword: '',
    birthDate: null as string | null,
    termsAccepted: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const register = useRegister();
  const maxDate = useMemo(() => latestBirthDate(), []);

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const schemas = await authSchemas().catch(() => null);
    if (!schemas) {
      setFormError(AUTH_MESSAGES.networkError);
      return;
    }
    const parsed = schemas.RegisterForm.safeParse({ ...values, birthDate: values.birthDate ?? '' });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error) as Partial<Record<Field, string>>);
      return;
    }
    const { confirmPassword: _confirm, ...body } = parsed.data;
    try {
      await register.mutateAsync(body);
      navigate(`/verify?email=${encodeURIComponent(body.email)}`, {
        state: { email: body.email, codeSent: true },
      });
    } catch (err) {
      const placed = placeServerError(err);
      if (placed.field) setErrors((e) => ({ ...e, [placed.field as Field]: placed.message }));
      else setFormError(placed.message);
    }
  }

  return (
    <AuthCard title="Create account" lead="Join the FourFour community: tickets, members’ perks and more.">
      <form onSubmit={onSubmit} onFocus={loadSchemas} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label="Username"
            autoComplete="username"
            required
            maxLength={USERNAME_MAX}
            description={AUTH_MESSAGES.usernameHint}
            value={values.username}
            onChange={(e) => set('username', sanitiseUsername(e.currentTarget.value))}
            error={errors.username}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={values.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errors.password}
            aria-describedby="register-password-checklist"
          />
          <PasswordChecklist password={values.password} id="register-password-checklist" />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.currentTarget.value)}
            error={errors.confirmPassword}
          />
          <DateInput
            label="Date of birth"
            description={AUTH_MESSAGES.ageHint}
            placeholder="DD/MM/YYYY"
            valueFormat="DD/MM/YYYY"
            dateParser={parseTypedDate}
            required
            clearable
            maxDate={maxDate}
            defaultDate={maxDate}
            defaultLevel="decade"
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            value={values.birthDate}
            onChange={(value) => set('birthDate', value)}
            error={errors.birthDate}
            popoverProps={{ withinPortal: true }}
          />
          <Checkbox
            checked={values.termsAccepted}
            onChange={(e) => set('termsAccepted', e.currentTarget.checked)}
            error={errors.termsAccepted}
            label={
              <>
                I accept the{' '}
                <Anchor component="button" type="button" onClick={terms.open} inherit>
                  Terms of Service and Privacy Policy
                </Anchor>
              </>
            }
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending}>
            Create account
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
      <TermsModal opened={termsOpen} onClose={terms.close} />
    </AuthCard>
  );
}
