-- One title matcher (issue 12): a title's key (titleKey() in worker/src/domain/title-matcher.ts)
-- now also writes typographic apostrophes as "'" and whitespace runs as one space, the way
-- import detection and the concept page's auto-links compare titles. This brings the keys
-- stored before in line: ’ ‘ ʼ and ` become ', tabs and line breaks spaces, double spaces
-- single (four passes fold runs of up to 16). Independent of 0017_tags_concept_count.
UPDATE concepts SET title_key =
  replace(replace(replace(replace(
    replace(replace(replace(replace(replace(replace(title_key, '’', ''''), '‘', ''''), 'ʼ', ''''), '`', ''''), char(9), ' '), char(10), ' '),
  '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')
WHERE title_key GLOB '*[’‘ʼ`]*' OR title_key GLOB '*  *' OR instr(title_key, char(9)) > 0 OR instr(title_key, char(10)) > 0;
