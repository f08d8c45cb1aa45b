/** The id of the related parts' section (RelatedParts.tsx), which the server draws: the later chunk waits for the page's start there. */
export const RELATED_PARTS_ID = 'related-parts';
