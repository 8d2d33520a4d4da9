/**
 * The ONLY door to Chakra UI for the host and the remotes: `import { Box, Button } from '@bawaba/shared'`.
 *
 * @chakra-ui/react is not a federation singleton of its own (shared modules are not tree-shaken, and all
 * of it is ~300 KB gzip). Instead it is bundled inside the @bawaba/shared singleton, tree-shaken down to
 * what this file (and the rest of shared/src) re-exports, so there is still exactly one Chakra instance
 * (one context, one system) on the page. biome's `noRestrictedImports` keeps everyone else from
 * importing @chakra-ui/react directly. Need another component? Add it here if the host (or shared/src)
 * renders it; if only remotes do, add it to ./chakra-extra.ts (loaded lazily, see there).
 */
export {
  Alert,
  Avatar,
  Badge,
  Box,
  type BoxProps,
  Button,
  type ButtonProps,
  Card,
  Center,
  Container,
  chakra,
  DataList,
  EmptyState,
  Field,
  Flex,
  type FlexProps,
  Grid,
  Heading,
  type HeadingProps,
  HStack,
  Icon,
  IconButton,
  type IconProps,
  Image,
  Input,
  type InputProps,
  Link,
  type LinkProps,
  List,
  NativeSelect,
  Portal,
  SimpleGrid,
  Skeleton,
  Span,
  Spinner,
  Stack,
  type StackProps,
  Text,
  Textarea,
  type TextProps,
  VStack,
} from '@chakra-ui/react';

/**
 * Puts `@bawaba/shared/chakra-extra` (./chakra-extra.ts: the components only remotes use) in the build of
 * whoever provides this singleton, so that app provides it too: on the composed site the host's copy, built
 * with this file's Chakra, is the one every remote gets. Calling it loads that part ahead of need.
 */
export const loadChakraExtra = () => import('@bawaba/shared/chakra-extra');
