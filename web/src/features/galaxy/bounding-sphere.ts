import * as THREE from 'three';

/**
 * The bounding sphere three.js would compute on the first frame (to order what it draws),
 * found here over the positions just written: the centre of their box, and the farthest
 * point from it.
 */
export function boundingSphereOf(positions: Float32Array): THREE.Sphere {
  if (positions.length === 0) return new THREE.Sphere(new THREE.Vector3(), 0);
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const cz = (minZ + maxZ) / 2;
  let far = 0;
  for (let i = 0; i < positions.length; i += 3) {
    const d = (positions[i]! - cx) ** 2 + (positions[i + 1]! - cy) ** 2 + (positions[i + 2]! - cz) ** 2;
    if (d > far) far = d;
  }
  return new THREE.Sphere(new THREE.Vector3(cx, cy, cz), Math.sqrt(far));
}
