import type { PdfVerification } from '@atelier/contracts';
import { Alert, Button, Code, FileInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useVerifyPdf } from '../api';
import { PublicMessage } from '../components/public-message';
import { usePageTitle } from '../page-title';

const hashStyle = { overflowWrap: 'anywhere', whiteSpace: 'normal' } as const;

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

function Verdict({ result }: { result: PdfVerification }) {
  if (result.match)
    return (
      <Alert color="green" title="This is a signed copy" role="status">
        <Stack gap="xs">
          <Text size="sm">
            This PDF is the signed copy {result.firm} keeps: {result.number}, signed by {result.signedBy} on{' '}
            {formatDateTime(result.signedAt)}.
          </Text>
          <Text size="xs">
            Its SHA-256 is <Code style={hashStyle}>{result.sha256}</Code>.
          </Text>
        </Stack>
      </Alert>
    );
  return (
    <Alert color="yellow" title="No signed copy matches" role="status">
      <Stack gap="xs">
        <Text size="sm">This PDF does not match any signed copy we keep.</Text>
        <Text size="xs">
          Its SHA-256 is <Code style={hashStyle}>{result.sha256}</Code>. A PDF changed in any way, even saved again by
          another program, no longer matches: ask the firm for the copy they sent.
        </Text>
      </Stack>
    </Alert>
  );
}

/** /proposals/verify: anyone holding a signed PDF checks that it is the copy the firm keeps, unchanged. */
export default function VerifyPage() {
  usePageTitle('Check a signed PDF');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const verify = useVerifyPdf();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose the signed PDF to check.');
    if (!isPdf(file)) return setError('Choose a PDF file: only signed PDFs can be checked.');
    setError(undefined);
    verify.mutate(file);
  };

  return (
    <PublicMessage title="Check a signed PDF">
      <Text size="sm">
        Choose a signed proposal or change order PDF. We compare its fingerprint (SHA-256) with the signed copies firms
        keep, and tell you whether it is one of them, unchanged.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FileInput
            label="Signed PDF"
            description="Choose the PDF file to check."
            accept="application/pdf,.pdf"
            clearable
            value={file}
            onChange={(picked) => {
              setFile(picked);
              setError(undefined);
              verify.reset();
            }}
            error={error}
          />
          <Button type="submit" loading={verify.isPending} style={{ alignSelf: 'flex-start' }}>
            Check the PDF
          </Button>
        </Stack>
      </form>
      {verify.isError && (
        <Alert color="red" title="The PDF could not be checked">
          {verify.error.message}
        </Alert>
      )}
      {verify.data && <Verdict result={verify.data} />}
    </PublicMessage>
  );
}
