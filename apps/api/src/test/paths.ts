import os from 'node:os';
import path from 'node:path';

/** Shared across test files: seeded images are written once and reused. */
export const TEST_DATA_DIR = path.join(os.tmpdir(), 'shopfront-test-data');
export const TEST_MEDIA_DIR = path.join(TEST_DATA_DIR, 'media');
