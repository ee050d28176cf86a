/**
 * The demo shop's product reviews: what shoppers of each kind of product would write (a tee's fit
 * and wash, a mug's glaze and handle, a plant's new leaves), by reviewers with names of their own,
 * spread over the time the product has been on sale. Deterministic: the words come from a
 * generator the caller seeds per product, so the same seed gives the same shop.
 */

/** The random source the catalogue seed uses (catalog.ts `prng`). */
export interface SeedRandom {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(xs: readonly T[]) => T;
}

/** A 32-bit seed from a text (FNV-1a), e.g. a product's slug: its reviews' own generator. */
export function seedFromText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type Group =
  | 'tops'
  | 'bottoms'
  | 'dresses'
  | 'knitwear'
  | 'cups'
  | 'dishes'
  | 'lighting'
  | 'textiles'
  | 'plants'
  | 'planters'
  | 'bags'
  | 'hats'
  | 'bottles';

/** Per category: the kind of product, the words a name may call it (head nouns), and what to call it otherwise. */
const KINDS: Record<string, { group: Group; words: string[]; fallback: string }> = {
  't-shirts': { group: 'tops', words: ['tee', 't-shirt', 'tank', 'henley', 'top'], fallback: 'tee' },
  shirts: { group: 'tops', words: ['shirt', 'overshirt', 'kurta'], fallback: 'shirt' },
  dresses: { group: 'dresses', words: ['dress', 'sundress', 'kaftan', 'tunic', 'midi', 'maxi'], fallback: 'dress' },
  trousers: {
    group: 'bottoms',
    words: ['trousers', 'pants', 'jeans', 'chinos', 'culottes', 'joggers'],
    fallback: 'trousers',
  },
  knitwear: {
    group: 'knitwear',
    words: ['sweater', 'cardigan', 'pullover', 'turtleneck', 'vest'],
    fallback: 'sweater',
  },
  'mugs-and-cups': {
    group: 'cups',
    words: ['mug', 'cup', 'tumbler', 'kulhad', 'set'],
    fallback: 'mug',
  },
  'plates-and-bowls': {
    group: 'dishes',
    words: ['plate', 'bowl', 'platter', 'set', 'trio'],
    fallback: 'bowl',
  },
  lighting: {
    group: 'lighting',
    words: ['lamp', 'pendant', 'light', 'shade', 'lantern'],
    fallback: 'lamp',
  },
  'cushions-and-throws': {
    group: 'textiles',
    words: ['cushion cover', 'cushion', 'throw'],
    fallback: 'cushion cover',
  },
  plants: { group: 'plants', words: ['plant', 'palm', 'fern', 'fig', 'lily'], fallback: 'plant' },
  planters: {
    group: 'planters',
    words: ['planter', 'pot', 'trough', 'basket', 'box', 'set', 'tray', 'cover'],
    fallback: 'planter',
  },
  bags: {
    group: 'bags',
    words: ['tote', 'backpack', 'sling', 'bag', 'shopper', 'weekender', 'duffle', 'pouch', 'sleeve'],
    fallback: 'bag',
  },
  'caps-and-hats': {
    group: 'hats',
    words: ['cap', 'hat', 'beanie', 'fedora', 'visor'],
    fallback: 'hat',
  },
  bottles: {
    group: 'bottles',
    words: ['bottle', 'flask', 'jug', 'carafe', 'tumbler', 'jar', 'dispenser', 'lota', 'pair'],
    fallback: 'bottle',
  },
};

/** Words that name one thing in the plural ("these trousers"). */
const PLURAL_WORDS = new Set(['trousers', 'pants', 'jeans', 'chinos', 'culottes', 'joggers']);

export interface ProductKind {
  group: Group;
  /** What a reviewer calls it: "tee", "cushion cover", "trousers". */
  noun: string;
  plural: boolean;
}

/** The kind of product a review talks about: the head noun of its name when the category knows it. */
export function productKind(name: string, categorySlug: string): ProductKind {
  const kind = KINDS[categorySlug] ?? { group: 'tops' as const, words: [], fallback: 'piece' };
  const lower = name.toLowerCase();
  let best: { at: number; noun: string; plural: boolean } | null = null;
  for (const word of kind.words) {
    // The last mention wins: in "Cotton Sweater Vest" the thing is a vest.
    const re = new RegExp(`(^|[^a-z-])(${word.replace(/[-]/g, '\\-')})(s|es)?(?=$|[^a-z-])`, 'g');
    for (const m of lower.matchAll(re)) {
      const at = m.index + m[1]!.length;
      if (!best || at > best.at) {
        const plural = PLURAL_WORDS.has(word) || m[3] !== undefined;
        best = { at, noun: plural && !PLURAL_WORDS.has(word) ? `${word}${m[3]}` : word, plural };
      }
    }
  }
  return best
    ? { group: kind.group, noun: best.noun, plural: best.plural }
    : { group: kind.group, noun: kind.fallback, plural: PLURAL_WORDS.has(kind.fallback) };
}

// Templates. {noun} the product kind, {colour} one of its colours;
// {this} this/these, {it} it/they, {them} it/them, {is} is/are, {has} has/have, {looks} looks/look;
// a capital first letter ({This}, {It}) capitalises the word.

const TITLES: Record<number, string[]> = {
  5: [
    'Love {them}',
    'Exactly what I wanted',
    'Worth every rupee',
    'Beautiful {noun}',
    'Better than the photos',
    'Buying another',
    'Gorgeous',
    'So well made',
    'My favourite {noun}',
    'Perfect gift',
    'Five stars',
    'Lovely quality',
  ],
  4: [
    'Really nice {noun}',
    'Very happy',
    'Good quality',
    'Nearly perfect',
    'Would recommend',
    'Lovely, one small niggle',
    'Solid choice',
    'Nice find',
  ],
  3: ['Decent', 'Okay for the price', 'Mixed feelings', 'Nice, not amazing', 'Does the job'],
  2: ['Not for me', 'Expected more', 'Disappointed', 'Not as pictured', 'Returned {them}'],
};

const LEADS: Record<number, string[]> = {
  5: [
    '{This} {noun} {is} even nicer in person.',
    'Ordered {this} {noun} on a whim and {it} {has} become a daily favourite.',
    'Bought {this} {noun} as a gift and ended up keeping {them}.',
    'The quality of {this} {noun} is obvious the moment you pick {them} up.',
    '{This} {noun} arrived beautifully packed and exactly as described.',
    'I have had {this} {noun} for a couple of months now and {it} still {looks} new.',
    'My second order from Loom & Leaf, and just as good as the first.',
  ],
  4: [
    '{This} {noun} {is} very nearly perfect.',
    'Really pleased with {this} {noun}.',
    'Good quality, and {this} {noun} {looks} just like the photos.',
    'Happy with {this} {noun} overall.',
    'Nicely made {noun}, would buy again.',
    'Would buy again.',
  ],
  3: [
    '{This} {noun} {is} fine, but not quite what I expected.',
    'Some things I like about {this} {noun}, some I do not.',
    '{This} {noun} {is} okay for the price.',
    'It is okay.',
  ],
  2: [
    'Sadly {this} {noun} did not work for me.',
    'I really wanted to like {this} {noun}.',
    'Not what I expected from the photos.',
    'Disappointed with {this} {noun}.',
  ],
};

/** Per kind: good things, bad things (two stars) and small complaints (three and four stars). */
const DETAILS: Record<Group, { good: string[]; bad: string[]; caveat: string[] }> = {
  tops: {
    good: [
      'Soft, and it has kept its shape after a dozen washes.',
      'Fits true to size with a little room at the shoulders.',
      'The {colour} is a lovely, muted shade that goes with everything.',
      'Breathes well, even in a Chennai summer.',
      'Stitching is neat and the seams sit flat.',
      'No shrinking at all after a cold wash.',
    ],
    bad: [
      'It shrank a size after the first wash, even on cold.',
      'The fabric is thinner than I expected.',
      'The neckline started to stretch after a few wears.',
      'The colour faded noticeably within a month.',
    ],
    caveat: [
      'Runs slightly long, so I tuck it in.',
      'The {colour} is a touch darker than on screen.',
      'Creases easily, but that comes with the fabric.',
    ],
  },
  bottoms: {
    good: [
      'Comfortable from morning to night, even on a long train journey.',
      'Fits true to size and the length is just right.',
      'Deep pockets that actually hold a phone.',
      'The waistband is comfortable without being loose.',
      'Softened up nicely after the first wash.',
    ],
    bad: [
      'The waist ran very small, so I had to send {them} back.',
      'The fabric pilled between the legs within weeks.',
      'The hem came undone after the second wash.',
    ],
    caveat: [
      'A little long for me, but easy to take up.',
      'The {colour} is slightly lighter than in the photos.',
      'Creases if you sit for long.',
    ],
  },
  dresses: {
    good: [
      'Light and floaty, perfect for the heat.',
      'Falls beautifully and the length is just right at 5\'4".',
      'Pockets! Deep ones, too.',
      'I got three compliments the first time I wore {them}.',
      'The {colour} is gorgeous in daylight.',
    ],
    bad: [
      'Quite see-through in the sun; it needs a slip.',
      'The sizing is very generous and it swamped me.',
      'A seam at the side came apart after one wear.',
    ],
    caveat: [
      'Needs a quick iron after washing.',
      'Size down if you are between sizes.',
      'The {colour} is a shade deeper than on screen.',
    ],
  },
  knitwear: {
    good: [
      'Warm without being heavy, and not itchy at all.',
      'Beautifully knitted; the ribbing holds its shape.',
      'Perfect for Bengaluru evenings and the flight to Delhi in December.',
      'The {colour} is rich and even.',
      'Hand washed it twice and no pilling yet.',
    ],
    bad: [
      'It started pilling under the arms after a few wears.',
      'Much itchier than I expected from the description.',
      'Stretched out of shape after the first wash.',
    ],
    caveat: [
      'Sleeves are a touch long.',
      'A little boxier than I expected.',
      'Hand wash only, which is a bit of a chore.',
    ],
  },
  cups: {
    good: [
      'The glaze is lovely, with little speckles that make each one different.',
      'Dishwasher and microwave safe, as promised.',
      'A good, generous size: a proper mug of chai.',
      'The {colour} glaze looks even better on the table than in the photos.',
      'The handle is comfortable, even for big hands.',
      'Keeps coffee hot for ages.',
    ],
    bad: [
      'One arrived with a chip on the rim.',
      'The glaze was uneven and rough on the base.',
      'Smaller than {it} {looks} in the photos; barely a cup of tea.',
    ],
    caveat: [
      'A little heavier than I expected.',
      'Each piece is slightly different, which I like, but be aware.',
      'The handle gets warm with very hot drinks.',
    ],
  },
  dishes: {
    good: [
      'The glaze is lovely, with little speckles that make each piece different.',
      'Dishwasher and microwave safe, as promised.',
      'A generous size: a proper portion of dal and rice fits easily.',
      'The {colour} glaze makes every meal look good.',
      'Stacks neatly in the cupboard.',
      'Our everyday set now; not a chip after months of use.',
    ],
    bad: [
      'One arrived with a chip on the rim.',
      'The glaze was uneven and rough on the base.',
      'Smaller than {it} {looks} in the photos.',
    ],
    caveat: [
      'A little heavier than I expected.',
      'Each piece is slightly different, which I like, but be aware.',
      'Cutlery leaves faint grey marks on the glaze.',
    ],
  },
  lighting: {
    good: [
      'Gives a warm, soft light that makes the room feel cosy.',
      'Easy to put together, took about ten minutes.',
      'Looks far more expensive than it was.',
      'Casts lovely patterns on the ceiling in the evening.',
      'Feels sturdy, and the cable is a good length.',
    ],
    bad: [
      'The switch stopped working within a month.',
      'Arrived with a dent in the shade.',
      'Much dimmer than I hoped, even with a brighter bulb.',
    ],
    caveat: [
      'No bulb included, so check the fitting before ordering.',
      'The cable is a little short for my room.',
      'Assembly instructions could be clearer.',
    ],
  },
  textiles: {
    good: [
      'Soft, and the stitching is beautiful up close.',
      'The {colour} lifts the whole sofa.',
      'Washed well with no colour running.',
      'Hidden zip and a neat finish on the edges.',
      'Cosy for evenings on the sofa.',
    ],
    bad: [
      'The colour ran in the first wash.',
      'Thinner than it looked, and the zip broke.',
      'Smaller than the size listed.',
    ],
    caveat: [
      'Insert not included, so order one separately.',
      'The {colour} is a little brighter than on screen.',
      'Wrinkles a bit after washing.',
    ],
  },
  plants: {
    good: [
      'Arrived healthy and very well packed, not a leaf out of place.',
      'Already putting out new leaves after three weeks.',
      'Bigger and fuller than I expected.',
      'Came with clear care instructions, which helped a beginner like me.',
      'Doing well in a north-facing window.',
    ],
    bad: [
      'Arrived with yellowing leaves and lost several in the first week.',
      'Much smaller than in the photos.',
      'The soil was waterlogged when it arrived.',
    ],
    caveat: [
      'The nursery pot is a little small; I repotted it within a month.',
      'A couple of leaves were bruised in transit.',
      'Took a week to settle in.',
    ],
  },
  planters: {
    good: [
      'Good drainage hole and a saucer that actually catches the water.',
      'A lovely finish; it looks great with my monstera.',
      'A good size for a medium plant, with room to grow.',
      'Sturdy and well made.',
      'Looks beautiful on the balcony.',
    ],
    bad: [
      'Cracked within a month on the balcony.',
      'Smaller than the size listed.',
      'No drainage hole, which the listing did not make clear.',
    ],
    caveat: [
      'The saucer is sold separately.',
      'A little heavy to move once planted.',
      'Water marks show on the outside.',
    ],
  },
  bags: {
    good: [
      'Holds my laptop, lunch and a water bottle with room to spare.',
      'The straps are comfortable even when it is full.',
      'Feels tough and has already survived a monsoon downpour.',
      'Plenty of pockets, and the inside one is perfect for keys.',
      'Well stitched, with reinforced corners.',
    ],
    bad: ['A strap came loose within a few weeks.', 'Much smaller inside than it looks.', 'The zip snags every time.'],
    caveat: [
      'Would love one more inside pocket.',
      'Stiff at first, softens with use.',
      'The {colour} is a little lighter than on screen.',
    ],
  },
  hats: {
    good: [
      'Fits well and stays put on windy days.',
      'Keeps the sun off on long walks.',
      'Breathes well, so my head does not get hot.',
      'Packs flat in a bag and springs back into shape.',
      'The {colour} goes with everything.',
    ],
    bad: [
      'Far too small, even on the largest setting.',
      'Lost its shape after one wash.',
      'The stitching on the brim started to come away.',
    ],
    caveat: ['Runs a little large.', 'Hand wash only.', 'The brim is a bit floppy.'],
  },
  bottles: {
    good: [
      'Keeps water cold all day in the car.',
      'No leaks at all, even lying in my bag.',
      'Feels solid and well made, and looks lovely on the desk.',
      'Easy to clean and no metallic taste.',
      'The right size for a day out.',
    ],
    bad: [
      'The lid started leaking after two weeks.',
      'Water tastes odd even after several rinses.',
      'Dented the first time I dropped it.',
    ],
    caveat: [
      'The mouth is a little narrow for ice cubes.',
      'Needs a good clean before first use.',
      'Heavier than I expected.',
    ],
  },
};

const SERVICE = {
  good: [
    'Delivery was quick and the packaging was plastic-free.',
    'Arrived two days after I ordered.',
    'Lovely handwritten note in the parcel.',
    'Customer care answered my question within the hour.',
  ],
  fixed: [
    'Customer care sorted a replacement quickly, to be fair.',
    'The refund was quick, at least.',
    'Customer care were helpful about the return.',
  ],
};

/** Reviewers' first names: a spread of regions and generations, as a shop's customers are. */
const FIRST_NAMES = [
  'Aditi',
  'Rahul',
  'Sneha',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Rohan',
  'Ananya',
  'Farah',
  'Ishaan',
  'Priya',
  'Nikhil',
  'Zoya',
  'Dev',
  'Lakshmi',
  'Suresh',
  'Pooja',
  'Karthik',
  'Neha',
  'Aman',
  'Divya',
  'Siddharth',
  'Tanvi',
  'Harish',
  'Gayatri',
  'Imran',
  'Shreya',
  'Manoj',
  'Ritu',
  'Varun',
  'Nandini',
  'Abhishek',
  'Fatima',
  'Rajesh',
  'Anjali',
  'Joseph',
  'Sunita',
  'Kabir',
  'Aparna',
  'Naveen',
  'Deepa',
  'Yash',
  'Bhavna',
  'Gaurav',
  'Radhika',
  'Sameer',
  'Uma',
  'Tenzin',
  'Malini',
  'Pranav',
  'Sanjana',
  'Arvind',
  'Shalini',
  'Rhea',
  'Mohan',
  'Zainab',
  'Kunal',
  'Swati',
  'Anil',
  'Leela',
  'Vivek',
  'Heena',
  'Ramesh',
  'Charu',
  'Aarav',
  'Mira',
  'Sunil',
  'Esha',
  'Thomas',
];
const INITIALS = 'ABCDGHIJKMNPRSTV';

export interface DemoReviewWords {
  authorName: string;
  title: string;
  body: string;
}

/** A draw without repeats until the list runs out (then it starts over, reshuffled). */
function shuffledDraw<T>(items: readonly T[], random: SeedRandom): () => T {
  let deck: T[] = [];
  return () => {
    if (!deck.length) {
      deck = [...items];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      }
    }
    return deck.pop()!;
  };
}

/**
 * Writes one product's reviews: `next(rating)` gives the words of its next review (ratings 2 to
 * 5); no name, title or sentence repeats within the product until its list runs out.
 */
export function demoReviewWriter(
  product: { name: string; categorySlug: string; colours: string[] },
  random: SeedRandom,
) {
  const kind = productKind(product.name, product.categorySlug);
  const colours = product.colours.length ? product.colours : null;
  const fill = (template: string) => {
    const p = kind.plural;
    const words: Record<string, string> = {
      noun: kind.noun,
      colour: colours ? random.pick(colours).toLowerCase() : '',
      this: p ? 'these' : 'this',
      it: p ? 'they' : 'it',
      them: p ? 'them' : 'it',
      is: p ? 'are' : 'is',
      has: p ? 'have' : 'has',
      looks: p ? 'look' : 'looks',
    };
    return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
      const word = words[key.toLowerCase()];
      if (word === undefined) return whole;
      return key[0] === key[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word;
    });
  };
  // Sentences that need a colour are left out for a product without one.
  const usable = (list: readonly string[]) => (colours ? list : list.filter((s) => !s.includes('{colour}')));
  const details = DETAILS[kind.group];
  const draws = {
    title: Object.fromEntries(Object.entries(TITLES).map(([r, list]) => [r, shuffledDraw(list, random)])),
    lead: Object.fromEntries(Object.entries(LEADS).map(([r, list]) => [r, shuffledDraw(list, random)])),
    // The first review says what the product is.
    namingLead: Object.fromEntries(
      Object.entries(LEADS).map(([r, list]) => [
        r,
        shuffledDraw(
          list.filter((x) => x.includes('{noun}')),
          random,
        ),
      ]),
    ),
    good: shuffledDraw(usable(details.good), random),
    bad: shuffledDraw(usable(details.bad), random),
    caveat: shuffledDraw(usable(details.caveat), random),
    serviceGood: shuffledDraw(SERVICE.good, random),
    serviceFixed: shuffledDraw(SERVICE.fixed, random),
  };
  const usedNames = new Set<string>();
  const usedBodies = new Set<string>();

  const author = () => {
    for (;;) {
      const name = `${random.pick(FIRST_NAMES)} ${INITIALS[random.int(0, INITIALS.length - 1)]}.`;
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
  };

  return {
    kind,
    next(rating: number): DemoReviewWords {
      const band = String(Math.min(5, Math.max(2, Math.round(rating))));
      const first = usedNames.size === 0;
      const write = () => {
        const sentences = [(first ? draws.namingLead : draws.lead)[band]!()];
        if (band === '5') {
          sentences.push(draws.good());
          if (random.next() < 0.4) sentences.push(draws.good());
          if (random.next() < 0.3) sentences.push(draws.serviceGood());
        } else if (band === '4') {
          sentences.push(draws.good(), draws.caveat());
        } else if (band === '3') {
          // Mixed, not contradictory: a good point and a small complaint.
          sentences.push(draws.good(), draws.caveat());
        } else {
          sentences.push(draws.bad());
          if (random.next() < 0.5) sentences.push(draws.serviceFixed());
        }
        return sentences.map(fill).join(' ');
      };
      // A few shoppers give stars and a title only; nobody writes what another wrote.
      let body = !first && random.next() < 0.08 ? '' : write();
      for (let tries = 0; body && usedBodies.has(body); tries++) body = tries < 8 ? write() : '';
      if (body) usedBodies.add(body);
      return { authorName: author(), title: fill(draws.title[band]!()), body };
    },
  };
}

/**
 * When a product's `count` reviews were written, oldest first: scattered over the past months
 * (about one every two to five weeks, the newest within the last three weeks), never in the
 * future. Not tied to the product's `created_at`: the demo's products are hours apart (that
 * orders "Newest"), and fourteen reviews in one afternoon would not be believed.
 */
export function demoReviewDates(count: number, random: SeedRandom, now = Date.now()): Date[] {
  const DAY = 86_400_000;
  const newest = now - 2 * 3_600_000 - random.next() * 21 * DAY;
  const span = Math.min(540, count * random.int(14, 35)) * DAY;
  return Array.from({ length: count }, () => newest - random.next() * span)
    .sort((a, b) => a - b)
    .map((t) => new Date(Math.round(t)));
}
