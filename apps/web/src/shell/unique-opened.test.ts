import { describe, expect, it } from 'vitest';
import { nextOpenKeys } from './Sidebar.tsx';

describe('unique-opened submenu', () => {
  it('opening a submenu closes the others that are not on its way', () => {
    expect(nextOpenKeys(['/system'], ['/system', '/drsystem'], true)).toEqual(['/drsystem']);
    expect(nextOpenKeys(['/drsystem'], ['/drsystem', '/drsystem/management'], true)).toEqual([
      '/drsystem',
      '/drsystem/management',
    ]);
  });

  it('closing keeps the rest; with the setting off every open submenu stays', () => {
    expect(nextOpenKeys(['/a', '/b'], ['/a'], true)).toEqual(['/a']);
    expect(nextOpenKeys(['/system'], ['/system', '/drsystem'], false)).toEqual(['/system', '/drsystem']);
  });
});
