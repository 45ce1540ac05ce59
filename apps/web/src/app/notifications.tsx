// The toast container and its styles, loaded after the first paint (providers.tsx): no page needs
// them to draw, so neither is in the first load's script or render-blocking CSS.
export { Notifications } from '@mantine/notifications';

// After the package's components, so its rules follow the core rules they build on.
import '@mantine/notifications/styles.css';
