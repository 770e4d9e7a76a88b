import { createFileRoute } from '@tanstack/react-router';
import { MicIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/voice-center')({
  staticData: { title: 'Voice Command Center' },
  component: VoiceCenterPage,
});

function VoiceCenterPage() {
  return (
    <EmptyPage title="Voice Command Center" icon={MicIcon} emptyTitle="Voice commands are not set up">
      Spoken commands, such as showing today's leads or scheduling a call, and a history of the commands you ran will appear here.
    </EmptyPage>
  );
}
