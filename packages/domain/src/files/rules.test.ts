import { describe, expect, it } from 'vitest';
import {
  checkFile,
  checkFileName,
  checkFileSize,
  contentMatchesExtension,
  contentTypeFor,
  FILE_PROFILES,
  fileExtension,
  fileIconGroup,
  fileIssueError,
  fileIssueMessage,
  fileNameLength,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_PHOTO_BYTES,
  profileForBizType,
  remainingBytes,
  uploadDisplay,
  utf8ByteLength,
} from './rules.ts';

const { photo, attachment, image } = FILE_PROFILES;

describe('profiles', () => {
  it('uses the spec numbers', () => {
    expect(MAX_PHOTO_BYTES).toBe(10485760);
    expect(MAX_ATTACHMENTS_TOTAL_BYTES).toBe(209715200);
    expect(photo.extensions).toEqual(['png', 'jpg', 'jpeg', 'bmp']);
    expect(attachment.extensions).toEqual(['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpeg', 'jpg', 'png']);
    expect(image.extensions).toEqual(['jpg', 'jpeg', 'png']);
    expect(photo.maxCount).toBe(4);
  });

  it('picks the profile by business type, attachments by default', () => {
    expect(profileForBizType('PROVIDER_TASK_SAVE').key).toBe('photo');
    expect(profileForBizType('PROVIDER_TASK_ATTACH').key).toBe('attachment');
    expect(profileForBizType('USER_AVATAR').key).toBe('image');
    expect(profileForBizType('CLAIM_FILE').key).toBe('attachment');
    expect(profileForBizType(undefined).key).toBe('attachment');
  });
});

describe('names', () => {
  it('reads the extension in lower case', () => {
    expect(fileExtension('Scan.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('C:\\fake\\photo.JPG')).toBe('jpg');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('.png')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('counts UTF-8 bytes: a Chinese character is 3', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('医院')).toBe(6);
  });

  it('photos: 100 characters pass, 101 fail, Chinese counted as characters', () => {
    const at100 = `${'a'.repeat(96)}.png`;
    expect(checkFileName(photo, at100)).toBeNull();
    expect(checkFileName(photo, `a${at100}`)).toBe('name');
    const chinese = `${'照'.repeat(96)}.png`;
    expect(fileNameLength(photo, chinese)).toBe(100);
    expect(checkFileName(photo, chinese)).toBeNull();
  });

  it('attachments: 100 bytes pass, 101 fail; 34 Chinese characters (102 bytes) fail', () => {
    expect(checkFileName(attachment, `${'a'.repeat(96)}.pdf`)).toBeNull();
    expect(checkFileName(attachment, `${'a'.repeat(97)}.pdf`)).toBe('name');
    expect(utf8ByteLength('附'.repeat(34))).toBe(102);
    expect(checkFileName(attachment, `${'附'.repeat(34)}.pdf`)).toBe('name');
    expect(checkFileName(attachment, `${'附'.repeat(33)}.pdf`)).toBe('name');
    expect(utf8ByteLength(`${'附'.repeat(32)}.pdf`)).toBe(100);
    expect(checkFileName(attachment, `${'附'.repeat(32)}.pdf`)).toBeNull();
    // The same 34-character name is fine for a photo, which counts characters.
    expect(checkFileName(photo, `${'照'.repeat(34)}.png`)).toBeNull();
  });

  it('refuses extensions outside the profile', () => {
    expect(checkFileName(photo, 'a.gif')).toBe('type');
    expect(checkFileName(photo, 'a.BMP')).toBeNull();
    expect(checkFileName(attachment, 'a.exe')).toBe('type');
    expect(checkFileName(attachment, 'a.DOCX')).toBeNull();
    expect(checkFileName(image, 'a.bmp')).toBe('type');
    expect(checkFileName(image, 'noext')).toBe('type');
    expect(checkFileName(image, '   ')).toBe('name');
  });
});

describe('sizes', () => {
  it('photos and images: 10485760 bytes pass, one more fails', () => {
    expect(checkFileSize(photo, { size: 10485760 })).toBeNull();
    expect(checkFileSize(photo, { size: 10485761 })).toBe('size');
    expect(checkFileSize(image, { size: 10485761 })).toBe('size');
  });

  it('photos: a fifth photo exceeds the count', () => {
    expect(checkFileSize(photo, { size: 1, existingCount: 3 })).toBeNull();
    expect(checkFileSize(photo, { size: 1, existingCount: 4 })).toBe('count');
  });

  it('attachments: 200 MB in total per business object', () => {
    expect(checkFileSize(attachment, { size: 209715200 })).toBeNull();
    expect(checkFileSize(attachment, { size: 209715201 })).toBe('total');
    expect(checkFileSize(attachment, { size: 100, existingTotal: 209715100 })).toBeNull();
    expect(checkFileSize(attachment, { size: 101, existingTotal: 209715100 })).toBe('total');
  });

  it('tells the streaming counter where to stop', () => {
    expect(remainingBytes(photo)).toBe(10485760);
    expect(remainingBytes(attachment, 209715000)).toBe(200);
    expect(remainingBytes(attachment, 209715300)).toBe(0);
  });

  it('checks names before sizes', () => {
    expect(checkFile(attachment, { name: 'a.exe', size: 300_000_000 })).toBe('type');
    expect(checkFile(attachment, { name: 'a.pdf', size: 300_000_000 })).toBe('total');
    expect(checkFile(photo, { name: 'a.png', size: 5 })).toBeNull();
  });
});

describe('messages', () => {
  it('photo problems give the hospital promo message', () => {
    for (const issue of ['type', 'name', 'size'] as const)
      expect(fileIssueError(photo, issue)).toBe('HOSPITAL_PROMO');
    expect(fileIssueMessage(photo, 'size').en).toContain('Hospital promo');
    expect(fileIssueMessage(photo, 'count')).toEqual({
      zh: '医院宣传照片最多 4 张',
      en: 'At most 4 hospital promo photos',
    });
  });

  it('attachment problems give format error, file name exceed and documentation exceed 200M', () => {
    expect(fileIssueMessage(attachment, 'type').en).toBe('Format error');
    expect(fileIssueMessage(attachment, 'name').en).toBe('File name exceed');
    expect(fileIssueMessage(attachment, 'total').en).toBe('Documentation exceed 200M');
    expect(fileIssueMessage(attachment, 'total').zh).toBe('附件总大小不能超过200M');
    expect(fileIssueError(image, 'size')).toBe('IMAGE_TOO_LARGE');
  });
});

describe('content', () => {
  it('matches detected types to extensions, Office files included', () => {
    expect(contentMatchesExtension('png', 'png')).toBe(true);
    expect(contentMatchesExtension('png', 'exe')).toBe(false);
    expect(contentMatchesExtension('png', undefined)).toBe(false);
    expect(contentMatchesExtension('jpeg', 'jpg')).toBe(true);
    expect(contentMatchesExtension('doc', 'cfb')).toBe(true);
    expect(contentMatchesExtension('xls', 'cfb')).toBe(true);
    expect(contentMatchesExtension('docx', 'zip')).toBe(true);
    expect(contentMatchesExtension('docx', 'xlsx')).toBe(false);
    expect(contentMatchesExtension('pdf', 'png')).toBe(false);
    expect(contentTypeFor('jpg')).toBe('image/jpeg');
    expect(contentTypeFor('exe')).toBe('application/octet-stream');
  });

  it('shows pictures for jpeg, jpg, png, bmp and icons for the rest', () => {
    expect(uploadDisplay('a.BMP')).toBe('image');
    expect(uploadDisplay('a.gif')).toBe('icon');
    expect(uploadDisplay('a.pdf')).toBe('icon');
    expect(fileIconGroup('a.rar4')).toBe('archive');
    expect(fileIconGroup('a.gif')).toBe('image');
    expect(fileIconGroup('a.xlsx')).toBe('excel');
    expect(fileIconGroup('a.txt')).toBeNull();
  });
});
