import { Box, Button, Heading, Text } from '../ui/chakra.ts';
import { RouterLink } from '../ui/router.ts';

export interface PageBannerProps {
  /** The page's h1. */
  title: string;
  /** One sentence on what the page is for. */
  text: string;
  /** The page's call to action, a link inside the site. */
  action: { label: string; to: string; testId?: string };
  testId?: string;
}

/**
 * The banner that opens a list page (/tender, /service). host/index.html paints the same box from static HTML
 * and critical CSS (`.bw-banner`) before any JavaScript has run, so it is the page's first large paint; keep
 * the two in step (sizes, paddings, colours), e2e/tests/shell.spec.ts compares their boxes.
 */
export function PageBanner({ title, text, action, testId }: PageBannerProps) {
  return (
    <Box
      borderRadius="xl"
      bgGradient="to-r"
      gradientFrom="brand.700"
      gradientTo="brand.500"
      color="white"
      p={{ base: '6', md: '10' }}
      data-testid={testId}
    >
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text mt="2" maxW="2xl">
        {text}
      </Text>
      <Button asChild mt="5" bg="white" color="brand.700" _hover={{ bg: 'brand.50' }}>
        <RouterLink to={action.to} data-testid={action.testId}>
          {action.label}
        </RouterLink>
      </Button>
    </Box>
  );
}
