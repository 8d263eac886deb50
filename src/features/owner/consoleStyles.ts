import type { Theme } from '@mui/material/styles';
import { CONTACT_LINKS_CLASS, contactLinksStyles } from './ContactLinks';
import { REQUEST_LIST_CLASS, requestListStyles } from './inbox/RequestCard';
import { STATUS_CHIPS_CLASS, statusChipsStyles } from './StatusChips';

/**
 * The rules of the console's repeated parts (the inbox's cards, the status labels, the contact
 * links), under the layout's own class: inserted once, when the console opens, instead of by a
 * styled component per card, label or link when a page of requests arrives.
 */
export const consoleStyles = (theme: Theme) => ({
  [`& .${REQUEST_LIST_CLASS}`]: requestListStyles(theme),
  [`& .${STATUS_CHIPS_CLASS}`]: statusChipsStyles(theme),
  [`& .${CONTACT_LINKS_CLASS}`]: contactLinksStyles(theme),
});
