import {
  chakra,
  Heading,
  intlLocale,
  Link,
  List,
  RouterLink,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * The day this policy was last read against what the API publishes (api/src/modules/open-data/,
 * docs/decisions/0017-open-data.md); shown in the reader's language.
 */
const LAST_REVIEWED = new Date('2026-11-27T12:00:00+03:00');

/** The prefix of every ocid the API publishes (its default OCDS_OCID_PREFIX). */
const OCID_PREFIX = 'ocds-bwb000';

/** The public endpoints of the open data API, each linked (paths as the API serves them under /api/v1). */
const ENDPOINTS = {
  feed: '/api/v1/ocds/releases',
  bulk: '/api/v1/ocds/bulk',
  openapi: '/api/v1/openapi.json',
  docs: '/api/v1/docs',
} as const;

const Code = chakra('code', { base: { fontFamily: 'mono', fontSize: '0.9em', unicodeBidi: 'isolate' } });

/** A path or identifier, always left to right inside either language's sentence. */
function Path({ children }: { children: ReactNode }) {
  return <Code dir="ltr">{children}</Code>;
}

function EndpointLink({ href }: { href: string }) {
  return (
    <Link href={href} color="brand.700" textDecoration="underline">
      <Path>{href}</Path>
    </Link>
  );
}

/** A link to another page of the site (the router's, so the page is not loaded again). */
function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.700" textDecoration="underline">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Stack as="section" gap="2" aria-labelledby={id}>
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * The open data publication policy (/open-data): who publishes Bawaba's tenders as OCDS 1.1 data, what is published
 * and what never is, in which languages and when, the identifiers, the licence and how to read it. Static: it
 * renders without data, so the build paints it from HTML before any JavaScript (host/build/prerender.ts).
 */
export function OpenDataPage() {
  const language = useSessionStore((s) => s.language);
  const reviewed = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeZone: 'Asia/Qatar',
  }).format(LAST_REVIEWED);
  const tenderReleases = `/api/v1/ocds/tenders/<id>/releases`;
  const tenderRecord = `/api/v1/ocds/tenders/<id>/record`;
  const feedNext = `${ENDPOINTS.feed}?after=<cursor>&limit=100`;

  return (
    <Stack gap="8" maxW="4xl" data-testid="host-page-open-data">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          <Trans>Open data publication policy</Trans>
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          <Trans>
            Bawaba publishes its public tenders as open data in the Open Contracting Data Standard (OCDS), so
            that anyone may follow, reuse and analyse public procurement on the platform.
          </Trans>
        </Text>
        <Text color="fg.muted" data-testid="open-data-reviewed">
          <Trans>Last reviewed: {reviewed}</Trans>
        </Text>
      </Stack>

      <Section id="od-publisher" title={<Trans>Who publishes</Trans>}>
        <Text>
          <Trans>
            The publisher is Bawaba, the operator of this platform. Questions and corrections about the
            published data may be sent through the <PageLink to="/contact-us">contact page</PageLink>.
          </Trans>
        </Text>
      </Section>

      <Section id="od-what" title={<Trans>What we publish</Trans>}>
        <Text>
          <Trans>
            OCDS 1.1 releases and records for every public tender on Bawaba, covering the whole contracting
            process:
          </Trans>
        </Text>
        <List.Root ps="5">
          <List.Item>
            <Trans>the tender as published, and each of its amendments;</Trans>
          </List.Item>
          <List.Item>
            <Trans>the questions answered publicly and their answers (enquiries);</Trans>
          </List.Item>
          <List.Item>
            <Trans>the number of proposals received, once the submission deadline has passed;</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              awards: while the standstill period runs, a pending award without its supplier; once the award
              is final, the awarded value and the supplier;
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>contracts and their implementation: milestones and payments;</Trans>
          </List.Item>
          <List.Item>
            <Trans>cancellations, and tenders closed without an award.</Trans>
          </List.Item>
        </List.Root>
        <Text>
          <Trans>The data uses these OCDS extensions:</Trans>
        </Text>
        <List.Root ps="5">
          <List.Item>
            <Trans>Enquiries: the questions and answers of a tender;</Trans>
          </List.Item>
          <List.Item>
            <Trans>Bid statistics: how many proposals a tender received;</Trans>
          </List.Item>
          <List.Item>
            <Trans>Participation fees: the fee a tender charges to take part.</Trans>
          </List.Item>
        </List.Root>
      </Section>

      <Section id="od-languages" title={<Trans>Languages</Trans>}>
        <Text>
          <Trans>
            Texts are published in English in the standard fields, and in Arabic in the same fields with the{' '}
            <Path>_ar</Path> suffix (for example <Path>title_ar</Path>). Where the business wrote a text in
            both languages, both are published; where it wrote one, that one is.
          </Trans>
        </Text>
      </Section>

      <Section id="od-when" title={<Trans>When we publish</Trans>}>
        <Text>
          <Trans>
            A new release is published within a minute of each public event on a tender. Releases are never
            changed once published: a correction is published as a new release.
          </Trans>
        </Text>
      </Section>

      <Section id="od-never" title={<Trans>What is never published</Trans>}>
        <List.Root ps="5">
          <List.Item>
            <Trans>
              proposals before the submission deadline, and the content of any proposal at any time;
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              the buyer's company name, which visitors to the site see masked, and the names of people:
              members of companies, people bidding for themselves, and who asked a question;
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>evaluators' scores and comments, and the notes of award decisions;</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              objections, their answers and their documents, and internal approval requests and notes;
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>personal data, such as email addresses and telephone numbers.</Trans>
          </List.Item>
        </List.Root>
      </Section>

      <Section id="od-identifiers" title={<Trans>Identifiers</Trans>}>
        <Text>
          <Trans>
            Each contracting process has an open contracting identifier (ocid): the prefix{' '}
            <Path>{OCID_PREFIX}</Path> followed by the tender's identifier on Bawaba.
          </Trans>
        </Text>
      </Section>

      <Section id="od-licence" title={<Trans>Licence</Trans>}>
        <Text>
          <Trans>
            The data is published under the{' '}
            <Link
              href="https://creativecommons.org/licenses/by/4.0/"
              color="brand.700"
              textDecoration="underline"
            >
              Creative Commons Attribution 4.0 International licence (CC BY 4.0)
            </Link>
            : you may reuse it for any purpose, provided you credit Bawaba as its source.
          </Trans>
        </Text>
      </Section>

      <Section id="od-access" title={<Trans>How to access the data</Trans>}>
        <Text>
          <Trans>Every endpoint is public and needs no account:</Trans>
        </Text>
        <List.Root ps="5" gap="2">
          <List.Item>
            <EndpointLink href={ENDPOINTS.feed} />{' '}
            <Trans>
              — the change feed: every release in the order it was published. Continue with{' '}
              <Path>{feedNext}</Path>, following <Path>links.next</Path> until the answer is 204 (nothing new
              yet); keep the last link to resume from it later.
            </Trans>
          </List.Item>
          <List.Item>
            <Path>{tenderReleases}</Path> <Trans>— every release of one tender.</Trans>
          </List.Item>
          <List.Item>
            <Path>{tenderRecord}</Path>{' '}
            <Trans>— the record of one tender: its releases and the compiled current state.</Trans>
          </List.Item>
          <List.Item>
            <EndpointLink href={ENDPOINTS.bulk} />{' '}
            <Trans>— bulk downloads: one compressed file of releases per month (.json.gz).</Trans>
          </List.Item>
          <List.Item>
            <EndpointLink href={ENDPOINTS.openapi} />{' '}
            <Trans>
              — the OpenAPI document describing every endpoint, also readable at{' '}
              <EndpointLink href={ENDPOINTS.docs} />.
            </Trans>
          </List.Item>
        </List.Root>
        <Text>
          <Trans>
            Answers carry an <Path>ETag</Path> header: send it back in <Path>If-None-Match</Path> and an
            unchanged answer costs only a <Path>304 Not Modified</Path>.
          </Trans>
        </Text>
      </Section>

      <Section id="od-webhooks" title={<Trans>Notifications for organisations</Trans>}>
        <Text>
          <Trans>
            Companies registered on Bawaba can also receive signed webhooks about their own tenders, proposals
            and contracts. Their administrators set them up in the{' '}
            <PageLink to="/account/webhooks">account area, under Integrations</PageLink>.
          </Trans>
        </Text>
      </Section>
    </Stack>
  );
}
