import { z } from '../zod.ts';
import { SAFE_LINK, SECTION_LINK_MESSAGE } from '../link-rule.ts';

/** A link field an editor may set (sections, rich text), by the link rule. */
export const LinkUrlSchema = z.string().max(2000).regex(SAFE_LINK, { error: SECTION_LINK_MESSAGE });
