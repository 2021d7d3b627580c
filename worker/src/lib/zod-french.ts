/**
 * zod's own messages ('String must contain at most 500 character(s)', 'Required') read as
 * French sentences naming the field, because the screens show them to a person as they
 * come. Messages a schema writes itself (French on French screens, English on the
 * settings and data screens) are left as they are: zod only asks this map for its defaults.
 */
import { z, ZodIssueCode, type ZodErrorMap } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'vrai ou faux',
  array: 'une liste',
  object: 'un objet',
  date: 'une date',
  null: 'null',
};

/** « title », or « la valeur » when the issue concerns the whole body. */
function fieldOf(path: (string | number)[]): string {
  const name = [...path].reverse().find((p) => typeof p === 'string');
  return name ? `Le champ « ${name} »` : 'La valeur';
}

function bound(kind: 'min' | 'max', type: string, value: number | bigint, inclusive: boolean, exact: boolean | undefined): string {
  const n = Number(value).toLocaleString('fr-FR');
  if (type === 'string') {
    if (exact) return `doit contenir exactement ${n} caractère(s)`;
    return kind === 'max' ? `ne doit pas dépasser ${n} caractère(s)` : value === 1 ? 'ne doit pas être vide' : `doit contenir au moins ${n} caractère(s)`;
  }
  if (type === 'array' || type === 'set') {
    if (exact) return `doit contenir exactement ${n} élément(s)`;
    return kind === 'max' ? `doit contenir au plus ${n} élément(s)` : `doit contenir au moins ${n} élément(s)`;
  }
  if (type === 'date') return kind === 'max' ? `doit être une date antérieure au ${new Date(Number(value)).toISOString().slice(0, 10)}` : `doit être une date postérieure au ${new Date(Number(value)).toISOString().slice(0, 10)}`;
  if (kind === 'max') return inclusive ? `doit être inférieur ou égal à ${n}` : `doit être inférieur à ${n}`;
  return inclusive ? `doit être supérieur ou égal à ${n}` : `doit être supérieur à ${n}`;
}

export const frenchErrorMap: ZodErrorMap = (issue, ctx) => {
  const field = fieldOf(issue.path);
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      if (issue.received === 'undefined') return { message: `${field} est obligatoire.` };
      return { message: `${field} doit être ${TYPE_NAMES[issue.expected] ?? issue.expected}.` };
    case ZodIssueCode.too_small:
      return { message: `${field} ${bound('min', issue.type, issue.minimum, issue.inclusive, issue.exact)}.` };
    case ZodIssueCode.too_big:
      return { message: `${field} ${bound('max', issue.type, issue.maximum, issue.inclusive, issue.exact)}.` };
    case ZodIssueCode.invalid_enum_value:
      return { message: `${field} doit valoir l'une de ces valeurs : ${issue.options.map(String).join(', ')}.` };
    case ZodIssueCode.invalid_literal:
      return { message: `${field} doit valoir ${JSON.stringify(issue.expected)}.` };
    case ZodIssueCode.invalid_string: {
      const what = issue.validation === 'email' ? 'une adresse e-mail valide' : issue.validation === 'url' ? 'une adresse web valide' : issue.validation === 'datetime' || issue.validation === 'date' ? 'une date valide' : 'dans le format attendu';
      return { message: `${field} doit être ${what}.` };
    }
    case ZodIssueCode.unrecognized_keys:
      return { message: `Champ(s) inconnu(s) : ${issue.keys.join(', ')}.` };
    case ZodIssueCode.invalid_date:
      return { message: `${field} doit être une date valide.` };
    case ZodIssueCode.not_multiple_of:
      return { message: `${field} doit être un multiple de ${String(issue.multipleOf)}.` };
    case ZodIssueCode.not_finite:
      return { message: `${field} doit être un nombre fini.` };
    case ZodIssueCode.invalid_union:
    case ZodIssueCode.invalid_union_discriminator:
    case ZodIssueCode.invalid_intersection_types:
      return { message: `${field} n'a pas la forme attendue.` };
    case ZodIssueCode.custom:
      return { message: issue.message ?? `${field} n'est pas valide.` };
    default:
      return { message: ctx.defaultError };
  }
};

/** Installed once, by the error envelope's module, before any schema is used. */
export function useFrenchZodMessages(): void {
  z.setErrorMap(frenchErrorMap);
}
