import {
  Alert,
  Box,
  Button,
  Card,
  errorMessageOf,
  HTTPError,
  SimpleGrid,
  Stack,
  useSessionStore,
} from '@bawaba/shared';
import { call, contact } from '@bawaba/shared/call';
import { ContactBody } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { ContactLines } from '@bawaba/shared/site-contact';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loadSiteInfo, useSiteInfo } from '../shell/site-info.ts';
import { ContactUsIntro } from './ContactUsIntro.tsx';

/** Doha, West Bay: the map's fixed location. */
const MAP_SRC =
  'https://www.openstreetmap.org/export/embed.html?bbox=51.505%2C25.305%2C51.555%2C25.345&layer=mapnik&marker=25.325%2C51.53';

/**
 * Contact us (docs/product-spec.md §2): a contact form for this product — name, email, phone, subject, message — sent to the
 * API (POST /contact, mailed to the back-office address), plus the address, phone and a map. (The job-site
 * template's candidate and employer tabs are placeholders and are not reproduced.)
 */
export function ContactUsPage() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const settings = useSiteInfo((s) => s.settings);
  const [sent, setSent] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    void loadSiteInfo(language);
  }, [language]);
  const form = useForm<ContactBody>({
    resolver: valibotResolver(ContactBody),
    defaultValues: { name: '', email: '', phone: '', subject: '', message: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setRefused(null);
    try {
      await call(contact, { body: values });
      form.reset();
      setSent(true);
    } catch (error) {
      // 422/500 are the shell's popups; too many messages (429) is said here, in the server's words.
      if (error instanceof HTTPError && error.response.status === 429)
        setRefused(await errorMessageOf(error));
    }
  });

  return (
    <Stack gap="8" data-testid="host-page-contact-us">
      <ContactUsIntro />
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap="8">
        <Card.Root gridColumn={{ lg: 'span 3' }}>
          <Card.Body>
            {sent ? (
              <Stack gap="4" data-testid="contact-sent">
                <Alert.Root status="success">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>
                      <Trans>Message sent</Trans>
                    </Alert.Title>
                    <Alert.Description>
                      <Trans>Thank you. Our team will reply to your email address.</Trans>
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
                <Button variant="outline" alignSelf="start" onClick={() => setSent(false)}>
                  <Trans>Send another message</Trans>
                </Button>
              </Stack>
            ) : (
              <form onSubmit={submit} noValidate aria-label={t`Contact form`}>
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <TextField
                      label={t`Name`}
                      autoComplete="name"
                      error={errors.name?.message}
                      {...form.register('name')}
                    />
                    <TextField
                      label={t`Email`}
                      type="email"
                      autoComplete="email"
                      error={errors.email?.message}
                      {...form.register('email')}
                    />
                    <TextField
                      label={t`Phone`}
                      type="tel"
                      inputMode="numeric"
                      autoComplete="tel"
                      error={errors.phone?.message}
                      {...form.register('phone')}
                    />
                    <TextField
                      label={t`Subject`}
                      error={errors.subject?.message}
                      {...form.register('subject')}
                    />
                  </SimpleGrid>
                  <TextField
                    label={t`Message`}
                    multiline
                    error={errors.message?.message}
                    {...form.register('message')}
                  />
                  {refused ? (
                    <Alert.Root status="error" data-testid="contact-refused">
                      <Alert.Indicator />
                      <Alert.Title>{refused}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <Button
                    type="submit"
                    colorPalette="brand"
                    alignSelf="start"
                    loading={form.formState.isSubmitting}
                  >
                    <Trans>Send message</Trans>
                  </Button>
                </Stack>
              </form>
            )}
          </Card.Body>
        </Card.Root>
        <Stack gap="5" gridColumn={{ lg: 'span 2' }} data-testid="contact-info">
          {settings ? (
            <ContactLines
              settings={settings}
              language={language}
              iconProps={{ boxSize: '5', color: 'brand.fg' }}
            />
          ) : null}
          <Box borderRadius="l2" overflow="hidden" borderWidth="1px" h="64">
            {/* Chakra's border prop (a class) rather than style: no style attribute, which the CSP refuses in markup. */}
            <Box asChild border="0">
              <iframe
                title={t`Map: our office in Doha`}
                src={MAP_SRC}
                width="100%"
                height="100%"
                loading="lazy"
                referrerPolicy="no-referrer"
              />
            </Box>
          </Box>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
