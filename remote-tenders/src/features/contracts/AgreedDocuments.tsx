import { Box, Heading, HStack, Stack, Text } from '@bawaba/shared';
import type { Contract, UploadedFile } from '@bawaba/shared/contracts';
import { FileButton } from '@bawaba/shared/kit';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** One group of files, each downloaded through the session (private files need it). */
function FileGroup({ label, files, testId }: { label: ReactNode; files: UploadedFile[]; testId: string }) {
  return (
    <Stack gap="1" data-testid={testId}>
      <Text fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      {files.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>None</Trans>
        </Text>
      ) : (
        <HStack gap="2" wrap="wrap">
          {files.map((file) => (
            <FileButton key={file.id} file={file} data-testid="agreed-document" />
          ))}
        </HStack>
      )}
    </Stack>
  );
}

/** The documents both sides agreed to with the contract: the tender's, and the winning proposal's. */
export function AgreedDocuments({ contract }: { contract: Contract }) {
  return (
    <Box as="section" aria-labelledby="contract-documents">
      <Heading as="h2" size="md" mb="3" id="contract-documents">
        <Trans>Documents</Trans>
      </Heading>
      <Stack gap="3">
        <FileGroup
          label={<Trans>The tender's documents</Trans>}
          files={contract.documents.tender}
          testId="tender-documents"
        />
        <FileGroup
          label={<Trans>The winning proposal's documents</Trans>}
          files={contract.documents.proposal}
          testId="proposal-documents"
        />
      </Stack>
    </Box>
  );
}
