import {
  Alert,
  Button,
  Link as ChakraLink,
  RouterLink as Link,
  Portal,
  Span,
  Spinner,
  Stack,
  Text,
  useLoad,
  useSessionStore,
  VStack,
} from '@bawaba/shared';
import { refusalMessageOf } from '@bawaba/shared/call';
import { CloseButton } from '@bawaba/shared/chakra-extra';
import { Dialog } from '@bawaba/shared/chakra-overlays';
import { type ActionKey, actionKey } from '@bawaba/shared/rules';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../../api.ts';
import type { Invitee } from '../invitee.ts';
import { type InviteResult, InviteResults } from './InviteResults.tsx';
import { TenderChoice } from './TenderChoice.tsx';

export interface InviteDialogProps {
  open: boolean;
  companies: Invitee[];
  onClose(): void;
}

/**
 * "Invite to tender": the signed-in user's tenders that can take invitations (GET /invitations/tenders: drafts and
 * published ones before their deadline), one picked with a radio, then one POST /tenders/:id/invitations per
 * company. A refusal (409: own company, not approved, no account, past deadline, already invited) shows the server's
 * translated message here and never ends the session. Loaded only when first opened (React.lazy).
 */
export function InviteDialog({ open, companies, onClose }: InviteDialogProps) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [round, setRound] = useState(0);
  const tenders = useLoad(`invitable|${language}|${round}`, api.invitableTenders, open);
  const [picked, setPicked] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [results, setResults] = useState<InviteResult[] | null>(null);
  // One Idempotency-Key per invitation (a company to a tender): a retry after an error or a timeout, when the first
  // attempt may have been written, sends the same key (the server answers it once); a new one once it was sent.
  const [keys] = useState(() => new Map<number, ActionKey>());
  const keyOf = (companyId: number) => {
    const key = keys.get(companyId) ?? actionKey();
    keys.set(companyId, key);
    return key;
  };
  const single = companies.length === 1;
  const list = tenders.data ?? [];

  const close = () => {
    setPicked(null);
    setRefusal(null);
    setResults(null);
    onClose();
  };

  async function send() {
    const tender = list.find((x) => x.id === picked);
    if (!tender || sending) return;
    setSending(true);
    setRefusal(null);
    const done: InviteResult[] = [];
    // One call after the other: each company gets its own answer, and the server is not flooded.
    for (const company of companies) {
      if (tender.invitedCompanyIds.includes(company.id)) {
        done.push({ company, ok: false, message: t`Already invited` });
        continue;
      }
      try {
        const key = keyOf(company.id);
        const invitation = await api.invite(tender.id, company.id, key.for({ tender: tender.id }));
        key.done();
        done.push({ company, ok: true, toldNow: invitation.sentAt !== null });
      } catch (error) {
        const message =
          (await refusalMessageOf(error)) ?? t`The invitation could not be sent. Please try again.`;
        done.push({ company, ok: false, message });
      }
    }
    setSending(false);
    // The list says "Already invited" for them from now on.
    if (done.some((r) => r.ok)) setRound((r) => r + 1);
    const first = done[0];
    if (single && first && !first.ok) setRefusal(first.message);
    else setResults(done);
  }

  const total = companies.length;
  const invitee = companies[0];
  const companyName = invitee?.name;
  const title = single ? t`Invite to tender` : t`Invite ${total} companies to a tender`;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && close()}
      size="md"
      scrollBehavior="inside"
      closeOnInteractOutside={!sending}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="invite-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {single && invitee !== undefined && (
                  <Text>
                    <Trans>
                      Company:{' '}
                      <Span fontWeight="semibold" {...textLangProps(invitee.nameLang)}>
                        {companyName}
                      </Span>
                    </Trans>
                  </Text>
                )}
                {results ? (
                  <InviteResults results={results} />
                ) : tenders.loading && !tenders.data ? (
                  <VStack py="6" role="status" aria-label={t`Loading your tenders`}>
                    <Spinner color="brand.solid" />
                  </VStack>
                ) : tenders.failed && !tenders.data ? (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>
                      <Trans>Your tenders could not be loaded.</Trans>
                    </Alert.Title>
                  </Alert.Root>
                ) : list.length === 0 ? (
                  <Stack gap="2" data-testid="invite-empty">
                    <Text fontWeight="semibold">
                      <Trans>You have no tender open to invitations</Trans>
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      <Trans>
                        You can invite companies to your draft and published tenders until their deadline.
                      </Trans>
                    </Text>
                    <ChakraLink asChild color="brand.fg" fontWeight="medium">
                      <Link to="/account/tender-management" onClick={close}>
                        <Trans>Manage your tenders</Trans>
                      </Link>
                    </ChakraLink>
                  </Stack>
                ) : (
                  <TenderChoice
                    tenders={list}
                    companies={companies}
                    picked={picked}
                    disabled={sending}
                    onPick={(id) => {
                      setPicked(id);
                      setRefusal(null);
                    }}
                  />
                )}
                {refusal && (
                  <Alert.Root status="error" role="alert" data-testid="invite-error">
                    <Alert.Indicator />
                    <Alert.Title dir="auto">{refusal}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {results ? (
                <Button onClick={close} colorPalette="brand" data-testid="invite-done">
                  <Trans>Close</Trans>
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={close} disabled={sending}>
                    <Trans>Cancel</Trans>
                  </Button>
                  {list.length > 0 && (
                    <Button
                      colorPalette="brand"
                      onClick={() => void send()}
                      disabled={picked === null}
                      loading={sending}
                      data-testid="invite-confirm"
                    >
                      {single ? <Trans>Send invitation</Trans> : <Trans>Send invitations</Trans>}
                    </Button>
                  )}
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} disabled={sending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
