/**
 * Field names of the address step's contact form that the page and its action share (the action
 * module is server-only, so the page cannot take them from there).
 */

/** The checkbox of consent to one abandoned-cart reminder; a ticked box posts "on". */
export const CONSENT_FIELD = 'marketing_consent';
/**
 * Posted beside the checkbox when the form offers it: an unticked box posts nothing, so this tells
 * "consent withdrawn" (send false) from "not asked" (the AbandonedCart plugin is off: send nothing).
 */
export const CONSENT_OFFERED_FIELD = '_consent_offered';
