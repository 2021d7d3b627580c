/**
 * The bounding spheres the galaxy writes with its star buffers
 * (web/src/features/galaxy/bounding-sphere.ts): the ones three.js would otherwise compute on
 * the first frame, where it orders what it draws by their centres.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { boundingSphereOf } from '../../web/src/features/galaxy/bounding-sphere';

describe('the galaxy star buffers', () => {
  it('are written with the bounding sphere three.js would compute', () => {
    const positions = new Float32Array([0, 0, 0, 30_000, 0, 0, 100, -50, 20, -400, 300, 10, 5, 5, -7_000]);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    geometry.computeBoundingSphere();
    const sphere = boundingSphereOf(positions);
    expect(sphere.center.toArray()).toEqual(geometry.boundingSphere!.center.toArray());
    expect(sphere.radius).toBeCloseTo(geometry.boundingSphere!.radius, 6);
  });

  it('gives a set without points an empty sphere at the origin', () => {
    const sphere = boundingSphereOf(new Float32Array(0));
    expect([sphere.center.toArray(), sphere.radius]).toEqual([[0, 0, 0], 0]);
  });
});
