import { HStack, Icon, type IconProps, Link, lineIcon, Stack, Text } from '@bawaba/shared';
import type { BoSetting, Service } from '@bawaba/shared/contracts';
import type { ComponentType } from 'react';

/**
 * The site's contact details and social links as the footer and the Contact us page show them, drawn from the
 * back-office setting (import from '@bawaba/shared/site-contact', a bundled entry): the host renders the live ones and
 * the admins' settings page renders a preview of unsaved values with the same parts, in both languages. No words of
 * their own (brand names only), so they need no catalog.
 */

function solid(path: string) {
  return function SolidIcon(props: IconProps) {
    return (
      <Icon {...props} asChild>
        <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d={path} />
        </svg>
      </Icon>
    );
  };
}

export const MailIcon = lineIcon(
  <>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </>,
);
export const PhoneIcon = lineIcon(
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />,
);
export const MapPinIcon = lineIcon(
  <>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
    <circle cx="12" cy="10" r="3" />
  </>,
);
export const ClockIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);
const FacebookIcon = solid('M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.6.4-1 1-1z');
const XTwitterIcon = solid(
  'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z',
);
const LinkedinIcon = solid(
  'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3V9.75zM9.5 9.75h3.8v1.55h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-4.95c0-1.18-.02-2.7-1.65-2.7-1.65 0-1.9 1.29-1.9 2.62V21h-4V9.75z',
);
const InstagramIcon = lineIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);
const YoutubeIcon = solid(
  'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.8 15.1V8.9l5.7 3.1-5.7 3.1z',
);

type SocialKey = 'facebook' | 'twitter' | 'linkedin' | 'instagram' | 'youtube';

const SOCIAL: { key: SocialKey; label: string; Icon: ComponentType<IconProps> }[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'twitter', label: 'X (Twitter)', Icon: XTwitterIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedinIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'youtube', label: 'YouTube', Icon: YoutubeIcon },
];

/** Address and working hours in `language`; the Arabic page falls back to the English text when no Arabic was set. */
export function localizedContact(settings: BoSetting, language: 'en' | 'ar') {
  return {
    address: language === 'ar' ? settings.addressAr || settings.addressEn : settings.addressEn,
    hours: language === 'ar' ? settings.workingHoursAr || settings.workingHoursEn : settings.workingHoursEn,
  };
}

/** Spec §9: the footer lists at most 8 services. */
export const FOOTER_SERVICE_COUNT = 8;

/**
 * The services the footer lists: those an admin chose, in their order (the back-office setting's
 * `footerServiceIds`), else the catalogue's first FOOTER_SERVICE_COUNT; a chosen service the catalogue no longer
 * offers is left out.
 */
export function footerServices<S extends Pick<Service, 'id'>>(
  services: readonly S[],
  chosen: readonly number[] | undefined,
): S[] {
  if (!chosen?.length) return services.slice(0, FOOTER_SERVICE_COUNT);
  const byId = new Map(services.map((s) => [s.id, s]));
  return chosen
    .map((id) => byId.get(id))
    .filter((s) => s !== undefined)
    .slice(0, FOOTER_SERVICE_COUNT);
}

/** The address, phone, email and working hours lines (each only when set), in `language`. */
export function ContactLines({
  settings,
  language,
  iconProps,
  linkColor,
  gap = '3',
}: {
  settings: BoSetting;
  language: 'en' | 'ar';
  iconProps?: IconProps;
  linkColor?: string;
  gap?: string;
}) {
  const local = localizedContact(settings, language);
  const icon = { boxSize: '4', ...iconProps };
  return (
    <Stack gap="3" data-testid="contact-lines">
      {local.address ? (
        <HStack align="start" gap={gap}>
          <MapPinIcon {...icon} mt="0.5" />
          <Text>{local.address}</Text>
        </HStack>
      ) : null}
      {settings.phone ? (
        <HStack gap={gap}>
          <PhoneIcon {...icon} />
          {/* dir, not a css prop: a css prop here replaced the link's focus ring. */}
          <Link href={`tel:${settings.phone.replace(/\s+/g, '')}`} color={linkColor} dir="ltr">
            {settings.phone}
          </Link>
        </HStack>
      ) : null}
      {settings.email ? (
        <HStack gap={gap}>
          <MailIcon {...icon} />
          <Link href={`mailto:${settings.email}`} color={linkColor} dir="ltr">
            {settings.email}
          </Link>
        </HStack>
      ) : null}
      {local.hours ? (
        <HStack align="start" gap={gap}>
          <ClockIcon {...icon} mt="0.5" />
          <Text>{local.hours}</Text>
        </HStack>
      ) : null}
    </Stack>
  );
}

/** An icon link for each social address that is set, in the setting's order. */
export function SocialLinks({ settings }: { settings: BoSetting }) {
  return (
    <HStack gap="2" data-testid="footer-social">
      {SOCIAL.filter((s) => settings[s.key]).map(({ key, label, Icon: SocialIcon }) => (
        <Link
          key={key}
          href={settings[key]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={label}
          color="whiteAlpha.800"
          _hover={{ color: 'white' }}
          p="1.5"
        >
          <SocialIcon boxSize="5" />
        </Link>
      ))}
    </HStack>
  );
}
