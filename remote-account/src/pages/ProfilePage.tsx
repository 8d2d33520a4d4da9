import {
  Avatar,
  Box,
  Button,
  Card,
  CompanyStatusBadge,
  formatDate,
  HStack,
  Image,
  Input,
  Link,
  notify,
  RouterLink,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Company } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { Detail, Loading, PageTitle, ReasonLine } from '@bawaba/shared/kit';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { api } from '../api.ts';
import { useAccountProfile } from '../components/account-profile.ts';
import { FilePick } from '../components/FilePick.tsx';
import { EmailPreferences } from './EmailPreferences.tsx';
import { FollowedServices } from './FollowedServices.tsx';

/** The profile form's rules (PATCH /users/me). */
export const ProfileForm = v.object({
  name: v.pipe(
    v.string('Name is required.'),
    v.trim(),
    v.nonEmpty('Name is required.'),
    v.maxLength(120, 'Name is too long.'),
  ),
});
type ProfileForm = v.InferInput<typeof ProfileForm>;

/** `undefined`: photo unchanged; `null`: remove it; a file: the new photo. */
type PhotoChange = undefined | null | { id: string; url: string };

export function ProfileEditor() {
  const { t } = useLingui();
  const user = useSessionStore((s) => s.user);
  const { replace } = useAccountProfile();
  const [photo, setPhoto] = useState<PhotoChange>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: valibotResolver(ProfileForm),
    values: { name: user?.name ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const shown = photo === undefined ? (user?.imageUrl ?? null) : photo === null ? null : photo.url;

  const save = handleSubmit(async (form) => {
    try {
      const updated = await api.updateMe({
        name: form.name,
        ...(photo === undefined ? {} : { imageFileId: photo === null ? null : photo.id }),
      });
      replace(updated);
      setPhoto(undefined);
      notify.success(t`Profile updated`);
    } catch {
      // The shell shows the error.
    }
  });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Personal details</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <form onSubmit={save} noValidate data-testid="profile-form">
          <Stack gap="5">
            <HStack gap="4" wrap="wrap">
              <Avatar.Root size="2xl" colorPalette="brand">
                {shown ? <Avatar.Image src={shown} alt="" data-testid="profile-photo" /> : null}
                <Avatar.Fallback />
              </Avatar.Root>
              <Stack gap="2">
                <FilePick
                  purpose="avatar"
                  testId="profile-photo-upload"
                  onUploaded={(f) => setPhoto({ id: f.id, url: f.url })}
                >
                  <Trans>Change photo</Trans>
                </FilePick>
                {shown ? (
                  <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setPhoto(null)}>
                    <Trans>Remove photo</Trans>
                  </Button>
                ) : null}
                <Text fontSize="xs" color="fg.muted">
                  <Trans>PNG, JPG, GIF or WEBP</Trans>
                </Text>
              </Stack>
            </HStack>
            <FormField label={<Trans>Name</Trans>} error={errors.name?.message} required>
              <Input {...register('name')} autoComplete="name" data-testid="profile-name" />
            </FormField>
            <FormField label={<Trans>Email</Trans>}>
              <Input value={user?.email ?? ''} readOnly disabled dir="ltr" />
            </FormField>
            <Box>
              <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="profile-save">
                <Trans>Save changes</Trans>
              </Button>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function CompanySummary({ company }: { company: Company | null }) {
  const language = useSessionStore((s) => s.language);
  return (
    <Card.Root data-testid="my-company">
      <Card.Header>
        <Card.Title>
          <Trans>My company</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {company ? (
          <Stack gap="4">
            <HStack gap="4" align="center">
              {company.logo_url ? (
                <Image src={company.logo_url} alt="" boxSize="14" objectFit="contain" borderRadius="md" />
              ) : null}
              <Stack gap="1">
                <Text
                  fontWeight="semibold"
                  fontSize="lg"
                  data-testid="my-company-name"
                  {...textLangProps(company.nameLang)}
                >
                  {company.name}
                </Text>
                <Box>
                  <CompanyStatusBadge status={company.status} />
                </Box>
              </Stack>
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {company.status === 'pending' ? (
                <Trans>An administrator is reviewing your company. It will be listed once approved.</Trans>
              ) : company.status === 'rejected' ? (
                <Trans>Your company was not approved. Please review its details and save them again.</Trans>
              ) : (
                <Trans>Your company is listed in the directory.</Trans>
              )}
            </Text>
            {company.status === 'rejected' && company.rejectionReason ? (
              <ReasonLine reason={company.rejectionReason} />
            ) : null}
            <HStack gap="6" wrap="wrap">
              {company.location ? (
                <Detail label={<Trans>Location</Trans>}>{company.location.name}</Detail>
              ) : null}
              <Detail label={<Trans>Services</Trans>}>{company.services.length}</Detail>
              <Detail label={<Trans>Registered on</Trans>}>{formatDate(company.createdAt, language)}</Detail>
            </HStack>
            <HStack gap="3" wrap="wrap">
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to="/company-register">
                  <Trans>Edit company</Trans>
                </RouterLink>
              </Button>
              {company.status === 'approved' ? (
                <Link asChild fontSize="sm" colorPalette="brand">
                  <RouterLink to={`/companies/${company.id}`}>
                    <Trans>View public profile</Trans>
                  </RouterLink>
                </Link>
              ) : null}
            </HStack>
          </Stack>
        ) : (
          <Stack gap="3" align="flex-start">
            <Text color="fg.muted">
              <Trans>
                You have not registered a company yet. Register one to be listed in the directory.
              </Trans>
            </Text>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to="/company-register">
                <Trans>Register your company</Trans>
              </RouterLink>
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /account — My Profile. */
export default function ProfilePage() {
  const company = useLoad('mine', api.myCompany);
  return (
    <Box data-testid="account-page-profile">
      <PageTitle>
        <Trans>My Profile</Trans>
      </PageTitle>
      <Stack gap="6">
        <ProfileEditor />
        <EmailPreferences />
        <FollowedServices />
        {company.loading && company.data === undefined ? (
          <Loading />
        ) : (
          <CompanySummary company={company.data ?? null} />
        )}
      </Stack>
    </Box>
  );
}
