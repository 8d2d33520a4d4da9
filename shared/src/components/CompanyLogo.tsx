import { Box, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { companyLogoSrc } from './logo.ts';

export { companyLogoSrc, LOGO_EXTENSIONS } from './logo.ts';

/** The default placeholder: a neutral building mark. */
function Placeholder({ size }: { size: string }) {
  return (
    <Box
      data-testid="company-logo-placeholder"
      role="img"
      aria-hidden="true"
      w={size}
      h={size}
      flexShrink={0}
      borderRadius="md"
      bg="brand.subtle"
      color="brand.fg"
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      <svg viewBox="0 0 24 24" width="55%" height="55%" fill="none" stroke="currentColor" strokeWidth="1.6">
        <title>logo</title>
        <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M2 21h20" />
        <path d="M8 8h3M8 12h3M8 16h3" />
      </svg>
    </Box>
  );
}

/**
 * A company's logo (docs/product-spec.md §5): shown only for png, jpg, jpeg, gif or webp; otherwise — or when the image
 * fails to load — the default placeholder.
 */
export function CompanyLogo({
  url,
  name,
  size = '16',
}: {
  url: string | null | undefined;
  name: string;
  size?: string;
}) {
  const src = companyLogoSrc(url);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <Placeholder size={size} />;
  return (
    <Image
      data-testid="company-logo"
      src={src}
      alt={name}
      w={size}
      h={size}
      flexShrink={0}
      objectFit="contain"
      borderRadius="md"
      borderWidth="1px"
      bg="bg"
      onError={() => setFailed(src)}
    />
  );
}
