/**
 * How the galaxy's glows are blended. The sky is painted once and shown by the page behind
 * the WebGL canvas (backdrop.ts), so the scene's canvas is see-through: a glow must add its
 * colour and leave the canvas's alpha as it is. Plain additive blending adds alpha as well, and the
 * page would then draw the glow's dark edge over the sky as a black ring.
 */
import * as THREE from 'three';

/** `material`, set to add its light over whatever lies behind the canvas. */
export function addsLight<M extends THREE.Material>(material: M): M {
  material.transparent = true;
  material.blending = THREE.CustomBlending;
  material.blendEquation = THREE.AddEquation;
  material.blendSrc = THREE.SrcAlphaFactor;
  material.blendDst = THREE.OneFactor;
  material.blendEquationAlpha = THREE.AddEquation;
  material.blendSrcAlpha = THREE.ZeroFactor;
  material.blendDstAlpha = THREE.OneFactor;
  return material;
}
