import type {
  CriteriaTemplateRequest,
  CriteriaTemplateResponse,
  CriterionView,
  StudentCriteriaResponse,
} from '@panda/contracts/criteria';
import { api, wholeLists } from './api';

/**
 * Qualification criteria (docs/rules.md#qualification-criteria): a student's progress per criterion
 * (the student, their centre and mentor, auditors) and the centre's template. Tags are the read
 * model's collections, so a pushed change refreshes them.
 */
export const criteriaApi = api
  .enhanceEndpoints({ addTagTypes: ['criteria_cards', 'criteria_templates'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStudentCriteria: build.query<StudentCriteriaResponse, string>({
        query: (studentId) => `/students/${encodeURIComponent(studentId)}/criteria`,
        providesTags: (_r, _e, id) => [
          { type: 'criteria_cards', id },
          { type: 'criteria_cards', id: 'LIST' },
          { type: 'criteria_templates', id: 'LIST' },
        ],
      }),
      getCentreCriteria: build.query<CriteriaTemplateResponse, void>({
        query: () => '/centre/criteria',
        providesTags: wholeLists('criteria_templates'),
      }),
      saveCentreCriteria: build.mutation<{ criteria: CriterionView[]; position: number }, CriteriaTemplateRequest>({
        query: (body) => ({ url: '/centre/criteria', method: 'PUT', body }),
        invalidatesTags: (result) => (result ? wholeLists('criteria_templates') : []),
      }),
    }),
  });

export const { useGetStudentCriteriaQuery, useGetCentreCriteriaQuery, useSaveCentreCriteriaMutation } = criteriaApi;
