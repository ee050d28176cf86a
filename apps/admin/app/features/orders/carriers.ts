/** Carriers an Indian shop ships with most, suggested in the ship sheets. */
export const CARRIERS = ['Delhivery', 'Blue Dart', 'DTDC', 'India Post', 'Ecom Express', 'Xpressbees', 'Shadowfax'];

/** The shop's recent carriers first, then the common ones (each once). */
export const carrierSuggestions = (recent: readonly string[] = []) => [...new Set([...recent, ...CARRIERS])];
