// The toast container and its styles, loaded after the first paint (providers.tsx): no page needs
// them to draw, so neither is in the first load's script or render-blocking CSS.
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
