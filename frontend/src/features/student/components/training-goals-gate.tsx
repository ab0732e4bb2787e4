import { useState } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session';
import { useGetJobRequirementsQuery } from '../api/student-api';
import { closeTrainingGoals, useTrainingGoalsRequested } from '../stores/goals-dialog';
import { lazyDialog } from '../../../components/lazy-dialog';

const TrainingGoalsDialog = lazyDialog(
  () => import('./training-goals-dialog').then((m) => m.TrainingGoalsDialog),
  (p) => p.open,
  'Loading your training goals...',
);

/**
 * Mounted once on the student dashboard (every view). Opens 'Set Your Training Goals' on its own
 * while the student has no requirements (has_requirements false), or when they could not be
 * loaded and are unknown (spec section 8 "Dashboards"); otherwise when a view asks for it.
 * It can be closed only once requirements exist. Waits while a new password must be chosen.
 */
export function TrainingGoalsGate() {
  const user = useAppSelector(selectUser);
  const requested = useTrainingGoalsRequested();
  const { data, isError } = useGetJobRequirementsQuery(undefined, { skip: user?.role !== 'student' });
  // Once the load failed, the requirements stay unknown (and the dialog open) until data arrives,
  // also while a retry is in flight.
  const [failed, setFailed] = useState(false);
  const nowFailed = data ? false : isError || failed;
  if (nowFailed !== failed) setFailed(nowFailed);
  const hasRequirements = !!data?.has_requirements;
  const needsGoals = data ? !data.has_requirements : nowFailed;
  const open = user?.role === 'student' && !user.must_change_password && (requested || needsGoals);

  return (
    <TrainingGoalsDialog
      open={open}
      canClose={hasRequirements}
      onClose={closeTrainingGoals}
      onSaved={closeTrainingGoals}
      requirements={data?.requirements}
      additionalRequirements={data?.additional_requirements}
    />
  );
}
