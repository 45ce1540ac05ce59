import { Container } from '@mantine/core';
import { LegalDocument } from '../../components/legal-document.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { TERMS_TITLE, termsSections } from '../../lib/legal/terms.ts';
import { usePublicConfig } from '../../lib/public-config.ts';

export function TermsPage() {
  const config = usePublicConfig();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }}>
      <PageTitle title={TERMS_TITLE} />
      <LegalDocument title={TERMS_TITLE} sections={termsSections(config)} />
    </Container>
  );
}
