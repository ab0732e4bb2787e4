import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, so that no long file starts last and runs alone while the other
 * worker has nothing left (docs/benchmarks.md#test-suite). Vitest's own order runs the projects by name
 * (component, e2e, int, unit) and, before it has timings (a clean clone), larger files first. Here the
 * accessibility walk, the longest file of all, goes first, then the projects from the slowest files to
 * the quickest, each in vitest's order (timings once known).
 */
const LONGEST = ['e2e/accessibility.e2e.test.ts'];
const PROJECTS = ['e2e', 'int', 'component', 'unit'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const longest = LONGEST.findIndex((f) => spec.moduleId.endsWith(f));
      if (longest >= 0) return longest;
      // 'component-isolated' ranks with 'component' (vitest.config.ts).
      const name = spec.project.name.replace(/-isolated$/, '');
      const project = PROJECTS.indexOf(name);
      return LONGEST.length + (project >= 0 ? project : PROJECTS.length);
    };
    // Array sort is stable: vitest's order stays within a rank.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
