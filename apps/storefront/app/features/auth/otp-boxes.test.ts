import { describe, expect, it } from 'vitest';
import { backspaceInBoxes, boxesFromCode, emptyBoxes, joinBoxes, pasteIntoBoxes, typeIntoBox } from './otp-boxes';

describe('OTP boxes', () => {
  it('are four single-digit boxes', () => {
    expect(emptyBoxes()).toEqual(['', '', '', '']);
    expect(boxesFromCode('12')).toEqual(['1', '2', '', '']);
    expect(boxesFromCode('123456')).toEqual(['1', '2', '3', '4']);
    expect(joinBoxes(['1', '2', '3', '4'])).toBe('1234');
  });

  it('typing a digit fills the box and moves on; other characters are dropped', () => {
    expect(typeIntoBox(['', '', '', ''], 0, '7')).toEqual({ digits: ['7', '', '', ''], focus: 1 });
    expect(typeIntoBox(['7', '', '', ''], 1, 'a')).toEqual({ digits: ['7', '', '', ''], focus: 1 });
    expect(typeIntoBox(['7', '', '', ''], 3, '9')).toEqual({ digits: ['7', '', '', '9'], focus: 3 });
  });

  it('typing over a filled box keeps only the new digit', () => {
    expect(typeIntoBox(['1', '2', '', ''], 1, '25')).toEqual({ digits: ['1', '5', '', ''], focus: 2 });
    expect(typeIntoBox(['1', '2', '', ''], 1, '52')).toEqual({ digits: ['1', '5', '', ''], focus: 2 });
  });

  it('a multi-character entry is spread across the boxes', () => {
    expect(typeIntoBox(['', '', '', ''], 0, '4821')).toEqual({ digits: ['4', '8', '2', '1'], focus: 3 });
    expect(typeIntoBox(['9', '', '', ''], 1, '123')).toEqual({ digits: ['9', '1', '2', '3'], focus: 3 });
    expect(typeIntoBox(['', '', '', ''], 2, '5678')).toEqual({ digits: ['', '', '5', '6'], focus: 3 });
  });

  it('a paste of exactly 4 digits fills all boxes, whichever box has focus', () => {
    expect(pasteIntoBoxes(['1', '', '', ''], 2, ' 4821 ')).toEqual({ digits: ['4', '8', '2', '1'], focus: 3 });
  });

  it('other pastes keep only digits, spread from the focused box', () => {
    expect(pasteIntoBoxes(['', '', '', ''], 0, 'code: 12')).toEqual({ digits: ['1', '2', '', ''], focus: 2 });
    expect(pasteIntoBoxes(['1', '2', '', ''], 1, 'abc')).toEqual({ digits: ['1', '2', '', ''], focus: 1 });
  });

  it('Backspace clears a box and moves back', () => {
    expect(backspaceInBoxes(['1', '2', '3', '4'], 3)).toEqual({ digits: ['1', '2', '3', ''], focus: 2 });
    // On an empty box it clears the one before.
    expect(backspaceInBoxes(['1', '2', '', ''], 2)).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    expect(backspaceInBoxes(['1', '', '', ''], 0)).toEqual({ digits: ['', '', '', ''], focus: 0 });
  });
});
