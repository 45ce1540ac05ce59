import { Button, Divider, Group, Modal, ScrollArea } from '@mantine/core';
import { LegalDocument } from '../../../components/legal-document.tsx';
import { PRIVACY_TITLE, privacySections } from '../../../lib/legal/privacy.ts';
import { TERMS_TITLE, termsSections } from '../../../lib/legal/terms.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';

/** Terms of Service and Privacy Policy in a dialog; closes on Escape, a backdrop click or Close. */
export function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const config = usePublicConfig();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Terms of Service and Privacy Policy"
      size="xl"
      radius="lg"
      closeOnEscape
      closeOnClickOutside
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <LegalDocument title={TERMS_TITLE} sections={termsSections(config)} compact idPrefix="terms-" />
      <Divider my="xl" />
      <LegalDocument title={PRIVACY_TITLE} sections={privacySections(config)} compact idPrefix="privacy-" />
      <Group justify="flex-end" mt="xl">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Modal>
  );
}
