/**
 * What the demo art can draw: the kinds of product (one per category), the views of a gallery,
 * and the drawing style a product's name asks for.
 */

export type ArtKind =
  | 'tee'
  | 'shirt'
  | 'dress'
  | 'trousers'
  | 'knit'
  | 'mug'
  | 'bowl'
  | 'lamp'
  | 'cushion'
  | 'plant'
  | 'planter'
  | 'bag'
  | 'cap'
  | 'bottle';

/** front: studio packshot · detail: close-up · scene: styled on a surface · alt: second packshot. */
export type ArtView = 'front' | 'detail' | 'scene' | 'alt';

// Styles: picked from words in the product's name

const STYLE_RULES: Record<ArtKind, [RegExp, string][]> = {
  tee: [
    [/v-neck/i, 'vneck'],
    [/pocket/i, 'pocket'],
    [/henley/i, 'henley'],
    [/stripe|breton/i, 'stripe'],
    [/tank/i, 'tank'],
    [/long-sleeve|waffle/i, 'long'],
    [/boxy|oversized/i, 'boxy'],
  ],
  shirt: [
    [/mandarin|band collar|kurta/i, 'band'],
    [/flannel|overshirt|corduroy/i, 'check'],
    [/camp|resort|seersucker/i, 'camp'],
    [/block-print/i, 'print'],
  ],
  dress: [
    [/tiered|smocked/i, 'tiered'],
    [/wrap|shirt/i, 'wrap'],
    [/maxi|kaftan/i, 'maxi'],
    [/tunic/i, 'tunic'],
  ],
  trousers: [
    [/wide-leg/i, 'wide'],
    [/cargo/i, 'cargo'],
    [/drawstring|pull-on|lounge/i, 'drawstring'],
  ],
  knit: [
    [/cardigan|shawl/i, 'cardigan'],
    [/cable|chunky/i, 'cable'],
    [/fair isle/i, 'fairisle'],
  ],
  mug: [
    [/espresso|cup/i, 'cup'],
    [/travel|double-walled|tall|latte/i, 'tall'],
    [/kulhad/i, 'kulhad'],
    [/enamel/i, 'enamel'],
  ],
  bowl: [
    [/plate|platter|dinner|side/i, 'plate'],
    [/nesting/i, 'nesting'],
  ],
  lamp: [
    [/pendant|lantern/i, 'pendant'],
    [/floor|arc/i, 'floor'],
    [/desk|clip-on|reading/i, 'desk'],
  ],
  cushion: [
    [/throw/i, 'throw'],
    [/kantha/i, 'kantha'],
    [/striped|handloom/i, 'stripe'],
    [/block-print|shibori/i, 'print'],
  ],
  plant: [
    [/snake|aloe/i, 'snake'],
    [/monstera|fiddle/i, 'monstera'],
    [/palm|areca/i, 'palm'],
    [/pearls|pothos/i, 'trailing'],
  ],
  planter: [
    [/hanging|macrame/i, 'hanging'],
    [/cube|concrete/i, 'cube'],
    [/basket|jute/i, 'basket'],
    [/cylinder|self-watering/i, 'cylinder'],
  ],
  bag: [
    [/backpack|laptop/i, 'backpack'],
    [/sling|crossbody/i, 'sling'],
    [/weekender/i, 'weekender'],
  ],
  cap: [
    [/bucket|sun|straw/i, 'bucket'],
    [/beanie/i, 'beanie'],
  ],
  bottle: [
    [/flask|insulated/i, 'flask'],
    [/glass/i, 'glass'],
    [/clay/i, 'clay'],
  ],
};

/** The drawing style a product name asks for (a "Pima Henley Tee" gets a buttoned placket). */
export function artStyle(kind: ArtKind, name: string): string {
  return STYLE_RULES[kind].find(([re]) => re.test(name))?.[1] ?? 'classic';
}
