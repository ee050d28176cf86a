/** Demo catalogue vocabulary: combined deterministically into ~300 believable products. */

export const superCategoryData = [
  { slug: 'clothing', name: 'Clothing', description: 'Natural fabrics, cut to be worn for years.' },
  // Not plain "Home": breadcrumbs start at the home page, and "Home › Home › Mugs" reads as a bug.
  { slug: 'home-and-living', name: 'Home & Living', description: 'Stoneware, textiles and light for everyday rooms.' },
  { slug: 'garden', name: 'Garden', description: 'Plants and planters for balconies and windowsills.' },
  { slug: 'accessories', name: 'Accessories', description: 'Bags, caps and bottles for the everyday carry.' },
] as const;

export type OptionKind = 'apparel' | 'colour' | 'colour-size' | 'planter-size' | 'none';

export interface CategorySpec {
  slug: string;
  name: string;
  superSlug: string;
  icon: string;
  brands: string[];
  options: OptionKind;
  /** Base price range in rupees. */
  price: [number, number];
  nouns: string[];
  styles: string[];
  tags: string[];
  material: string;
}

export const categoryData: CategorySpec[] = [
  { slug: 't-shirts', name: 'T-Shirts', superSlug: 'clothing', icon: 'tee', brands: ['Loom', 'Monsoon Mills'], options: 'apparel', price: [599, 1499], nouns: ['T-Shirt', 'Tee'], styles: ['Organic Cotton Crew', 'Slub Cotton V-Neck', 'Heavyweight Pocket', 'Pima Henley', 'Striped Breton', 'Relaxed Boxy', 'Ribbed Tank', 'Oversized Graphic', 'Bamboo Jersey', 'Long-Sleeve Waffle', 'Garment-Dyed', 'Khadi Crew'], tags: ['organic', 'everyday'], material: 'organic cotton jersey' },
  { slug: 'shirts', name: 'Shirts', superSlug: 'clothing', icon: 'tee', brands: ['Loom', 'Monsoon Mills'], options: 'apparel', price: [1499, 2999], nouns: ['Shirt'], styles: ['Linen Camp', 'Oxford Button-Down', 'Chambray Work', 'Mandarin Collar Linen', 'Handloom Kurta', 'Seersucker Resort', 'Flannel Overshirt', 'Poplin Band Collar', 'Indigo Block-Print', 'Corduroy'], tags: ['linen', 'handmade'], material: 'washed linen' },
  { slug: 'dresses', name: 'Dresses', superSlug: 'clothing', icon: 'tee', brands: ['Loom'], options: 'apparel', price: [1999, 3999], nouns: ['Dress'], styles: ['Tiered Cotton Midi', 'Linen Slip', 'Wrap Shirt', 'Smocked Sundress', 'Block-Print Maxi', 'Tunic', 'Pleated Day', 'Kaftan'], tags: ['linen', 'summer'], material: 'breathable cotton voile' },
  { slug: 'trousers', name: 'Trousers', superSlug: 'clothing', icon: 'tee', brands: ['Monsoon Mills'], options: 'apparel', price: [1599, 2999], nouns: ['Trousers', 'Pants'], styles: ['Drawstring Linen', 'Pleated Chino', 'Wide-Leg Cotton', 'Tapered Twill', 'Pull-On Lounge', 'Cargo'], tags: ['everyday'], material: 'cotton twill' },
  { slug: 'knitwear', name: 'Knitwear', superSlug: 'clothing', icon: 'tee', brands: ['Loom'], options: 'apparel', price: [2199, 4499], nouns: ['Sweater', 'Cardigan'], styles: ['Merino Crew', 'Cotton Cable', 'Chunky Rib', 'Fine-Gauge', 'Fair Isle', 'Lambswool Shawl-Collar'], tags: ['winter'], material: 'soft merino wool' },
  { slug: 'mugs-and-cups', name: 'Mugs & Cups', superSlug: 'home-and-living', icon: 'mug', brands: ['Kiln & Co'], options: 'colour', price: [449, 999], nouns: ['Mug', 'Cup'], styles: ['Stoneware Coffee', 'Speckled Espresso', 'Glazed Tea', 'Tall Latte', 'Hand-Thrown', 'Matte Travel', 'Double-Walled', 'Enamel Camp', 'Ribbed Porcelain', 'Chai Kulhad-Style'], tags: ['handmade', 'gift'], material: 'hand-glazed stoneware' },
  { slug: 'plates-and-bowls', name: 'Plates & Bowls', superSlug: 'home-and-living', icon: 'mug', brands: ['Kiln & Co', 'Terra'], options: 'colour', price: [599, 1899], nouns: ['Plate', 'Bowl', 'Platter'], styles: ['Stoneware Dinner', 'Rimmed Pasta', 'Reactive-Glaze Serving', 'Nesting', 'Side', 'Terracotta Salad', 'Wabi Breakfast', 'Shallow Sharing'], tags: ['handmade', 'kitchen'], material: 'kiln-fired stoneware' },
  { slug: 'lighting', name: 'Lighting', superSlug: 'home-and-living', icon: 'lamp', brands: ['Lumen'], options: 'none', price: [1499, 6999], nouns: ['Lamp', 'Pendant'], styles: ['Brass Desk', 'Rattan Floor', 'Opal Glass Table', 'Cane Pendant', 'Clip-On Reading', 'Ceramic Bedside', 'Paper Lantern', 'Arc Floor', 'Mushroom Table'], tags: ['home-office'], material: 'brushed brass and glass' },
  { slug: 'cushions-and-throws', name: 'Cushions & Throws', superSlug: 'home-and-living', icon: 'cushion', brands: ['Loom', 'Monsoon Mills'], options: 'colour-size', price: [499, 2499], nouns: ['Cushion Cover', 'Throw'], styles: ['Block-Print', 'Kantha Stitch', 'Waffle Cotton', 'Tufted', 'Handloom Striped', 'Linen Piped', 'Boucle', 'Indigo Shibori'], tags: ['handmade', 'gift'], material: 'handloom cotton' },
  { slug: 'plants', name: 'Plants', superSlug: 'garden', icon: 'plant', brands: ['Leaf'], options: 'planter-size', price: [399, 2499], nouns: ['Plant'], styles: ['Snake', 'Monstera', 'ZZ', 'Peace Lily', 'Rubber', 'Pothos', 'Fiddle-Leaf Fig', 'Areca Palm', 'Calathea', 'String-of-Pearls', 'Jade', 'Aloe Vera'], tags: ['air-purifying', 'gift'], material: 'nursery-grown live plant in a recycled pot' },
  { slug: 'planters', name: 'Planters', superSlug: 'garden', icon: 'plant', brands: ['Leaf', 'Terra'], options: 'planter-size', price: [349, 1999], nouns: ['Planter', 'Pot'], styles: ['Terracotta', 'Ceramic Self-Watering', 'Hanging Macrame', 'Concrete Cube', 'Glazed Cylinder', 'Jute Basket', 'Footed'], tags: ['eco'], material: 'unglazed terracotta' },
  { slug: 'bags', name: 'Bags', superSlug: 'accessories', icon: 'bag', brands: ['Leaf', 'Monsoon Mills'], options: 'colour', price: [699, 3499], nouns: ['Tote', 'Backpack', 'Sling'], styles: ['Handwoven Jute', 'Waxed Canvas', 'Upcycled Denim', 'Market', 'Laptop', 'Weekender', 'Mini Crossbody'], tags: ['eco', 'gift'], material: 'waxed cotton canvas' },
  { slug: 'caps-and-hats', name: 'Caps & Hats', superSlug: 'accessories', icon: 'cap', brands: ['Loom'], options: 'colour', price: [499, 1299], nouns: ['Cap', 'Hat'], styles: ['Washed Canvas', 'Linen Bucket', 'Corduroy Baseball', 'Straw Sun', 'Wool Beanie'], tags: ['summer'], material: 'washed cotton canvas' },
  { slug: 'bottles', name: 'Bottles', superSlug: 'accessories', icon: 'bottle', brands: ['Kiln & Co', 'Terra'], options: 'colour', price: [599, 1799], nouns: ['Bottle', 'Flask'], styles: ['Copper Water', 'Insulated Steel', 'Glass Infuser', 'Clay Water', 'Hammered Copper'], tags: ['eco', 'gift'], material: 'food-grade copper' },
];

export const collectionData = [
  { slug: 'new-arrivals', name: 'New Arrivals', description: 'Fresh from our workshops this season.' },
  { slug: 'summer-linen', name: 'Summer Linen', description: 'Breathable linen for long, hot days.' },
  { slug: 'gifts-under-999', name: 'Gifts under ₹999', description: 'Thoughtful, handmade and easy on the wallet.' },
  { slug: 'bestsellers', name: 'Bestsellers', description: 'What our customers come back for.' },
  { slug: 'handmade-ceramics', name: 'Handmade Ceramics', description: 'Thrown, glazed and fired by hand in Bengaluru.' },
] as const;

/** Colour name → gradient used for its generated images. */
export const colours: Record<string, [string, string]> = {
  Indigo: ['#d6dcf0', '#7d8fc9'],
  Sage: ['#dfe9dc', '#9fbf97'],
  Rust: ['#f3d9c8', '#cf7e55'],
  Ivory: ['#f7f3ea', '#ddd3bd'],
  Charcoal: ['#dcdcdc', '#7a7a7a'],
  Mustard: ['#f6e7bd', '#d9ae3f'],
  Terracotta: ['#f3dccc', '#c9825b'],
  Blush: ['#f7e0dd', '#dc9e97'],
  Olive: ['#e4e6cf', '#9a9d5c'],
  Sky: ['#dcebf5', '#8cb8d6'],
};

export const sizes = ['XS', 'S', 'M', 'L', 'XL'];
export const cushionSizes = ['40 x 40 cm', '50 x 50 cm'];
export const planterSizes = ['Small', 'Medium', 'Large'];

export const reviewerNames = ['Aditi R.', 'Rahul M.', 'Sneha K.', 'Vikram S.', 'Meera P.', 'Arjun N.', 'Kavya D.', 'Rohan G.', 'Ananya B.', 'Farah Q.', 'Ishaan T.', 'Priya V.', 'Nikhil J.', 'Zoya H.', 'Dev A.'];

export const reviewTexts: Record<number, [string, string][]> = {
  5: [
    ['Absolutely love it', 'Better than the photos. The quality is obvious the moment you hold it.'],
    ['Perfect', 'Exactly as described, arrived quickly and beautifully packed.'],
    ['Buying another', 'I have used it every day for a month and it still looks new.'],
  ],
  4: [
    ['Really nice', 'Lovely piece. Took a few extra days to arrive but worth the wait.'],
    ['Good quality', 'Well made and feels premium. Colour is a touch darker than on screen.'],
  ],
  3: [['Decent', 'Nice enough, though I expected it to be a little larger.']],
  2: [['Not for me', 'The finish was uneven on mine. Customer care sorted a replacement.']],
  1: [['Disappointed', 'Arrived with a chip. The refund was quick, to be fair.']],
};
