import { Container } from '@mantine/core';
import { LegalDocument } from '../../components/legal-document.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { PRIVACY_TITLE, privacySections } from '../../lib/legal/privacy.ts';
import { usePublicConfig } from '../../lib/public-config.ts';

export function PrivacyPage() {
  const config = usePublicConfig();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }}>
      <PageTitle title={PRIVACY_TITLE} />
      <LegalDocument title={PRIVACY_TITLE} sections={privacySections(config)} />
    </Container>
  );
}
