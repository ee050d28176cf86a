import { describe, expect, it } from 'vitest';
import { ApiError, MAX_CUSTOM_TEXT, NETWORK_ERROR } from '@shopfront/shared';
import { CUSTOMISATION_ACCEPT, CUSTOMISATION_UPLOAD, precheckImage, uploadErrorMessage } from './customisation-upload';
import { customTextCount, customisationErrors, isCustomisationError, personaliseSummary } from './personalise';

const MiB = 1_048_576;

describe('personalise', () => {
  it('counts the text against MAX_CUSTOM_TEXT', () => {
    expect(customTextCount(0)).toBe(`0/${MAX_CUSTOM_TEXT}`);
    expect(customTextCount(12)).toBe(`12/${MAX_CUSTOM_TEXT}`);
    expect(customTextCount(MAX_CUSTOM_TEXT + 5)).toBe(`${MAX_CUSTOM_TEXT}/${MAX_CUSTOM_TEXT}`);
  });

  it('sums up the folded section in one line', () => {
    expect(personaliseSummary('', 'empty')).toBe('Optional: a name, a message or a photo');
    expect(personaliseSummary('  ', 'empty')).toBe('Optional: a name, a message or a photo');
    expect(personaliseSummary(' Asha ', 'empty')).toBe('“Asha”');
    expect(personaliseSummary('Asha', 'ready')).toBe('“Asha” · photo');
    expect(personaliseSummary('', 'ready')).toBe('Photo');
    expect(personaliseSummary('', 'uploading')).toBe('Photo uploading…');
  });

  it("places a refused add's customisation errors beside the text or the photo", () => {
    expect(customisationErrors({})).toEqual({});
    expect(customisationErrors({ product_id: ['Out of stock'] })).toEqual({});
    expect(customisationErrors({ 'additonal_data.custom_text': ['Too long'] })).toEqual({ text: 'Too long' });
    expect(customisationErrors({ 'additonal_data.image_path': ['Not valid'] })).toEqual({ image: 'Not valid' });
    expect(customisationErrors({ additonal_data: ['This product cannot be customised'] })).toEqual({
      text: 'This product cannot be customised',
    });
    expect(isCustomisationError('additonal_data')).toBe(true);
    expect(isCustomisationError('additonal_data.image_path')).toBe(true);
    expect(isCustomisationError('additonal_datax')).toBe(false);
    expect(isCustomisationError('product_id')).toBe(false);
  });
});

describe('customisation upload', () => {
  it('accepts JPEG, PNG and WebP up to 5 MiB, and files whose type the browser left out', () => {
    expect(CUSTOMISATION_ACCEPT).toBe('image/jpeg,image/png,image/webp');
    expect(precheckImage({ type: 'image/png', size: 5 * MiB })).toBeNull();
    expect(precheckImage({ type: 'image/webp', size: 10 })).toBeNull();
    expect(precheckImage({ type: '', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files with the API’s wording', () => {
    expect(precheckImage({ type: 'image/gif', size: 10 })).toBe(CUSTOMISATION_UPLOAD.messages.type);
    expect(precheckImage({ type: 'application/pdf', size: 10 })).toBe('Please upload a JPEG, PNG or WebP image');
    expect(precheckImage({ type: 'image/jpeg', size: 5 * MiB + 1 })).toBe('The image is too large (at most 5 MB)');
  });

  it("shows the image field's message, else the answer's, else the network message", () => {
    expect(
      uploadErrorMessage(new ApiError(422, 'Invalid', { image: ['Please upload a JPEG, PNG or WebP image'] })),
    ).toBe('Please upload a JPEG, PNG or WebP image');
    expect(uploadErrorMessage(new ApiError(429, 'Too many requests'))).toBe('Too many requests');
    expect(uploadErrorMessage(new TypeError('x'))).toBe(NETWORK_ERROR);
  });
});
