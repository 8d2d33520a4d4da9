/**
 * The Chakra components only the remotes use, as a LAZY part of the shared singleton: the host's
 * first page never loads them. Remotes import them from `@bawaba/shared/chakra-extra`:
 *
 *   import { Checkbox, Tabs } from '@bawaba/shared/chakra-extra';
 *
 * `@bawaba/shared/chakra-extra` is a federation singleton of its own (`SINGLETONS` in
 * shared/build/federation.ts) that the host provides (through `loadChakraExtra` in ./chakra.ts, which puts
 * it in the host's build without loading it), so on the composed site it is the host's copy, fetched from
 * the host's origin the first time a remote page needs it, and built in the same compilation as the
 * @bawaba/shared singleton: it uses that singleton's one Chakra (same context, same system, same recipes
 * in ./system.ts), never a second one. Standalone, a remote's harness provides both itself.
 *
 * What goes here: a component no host page (nor shared/src) renders. What the host, shared/src or a
 * remote's first page chunk on its own needs stays in ./chakra.ts. Overlays: ./chakra-overlays.ts.
 */
export {
  AbsoluteCenter,
  Accordion,
  Checkbox,
  Circle,
  CloseButton,
  Collapsible,
  Fieldset,
  Group,
  InputAddon,
  Progress,
  Separator,
  Steps,
  Table,
  Tabs,
  Tag,
  Wrap,
} from '@chakra-ui/react';
