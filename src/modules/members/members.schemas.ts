// Members as the API shows and takes them, and the console's session endpoints' bodies.
import Type from 'typebox';
import { Roles } from './roles.ts';

export const MemberSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    role: Type.Enum([...Roles]),
    has_password: Type.Boolean({ description: 'False until an invited member has chosen a password' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
);

export const MemberParams = Type.Object({ member_id: Type.String({ maxLength: 100 }) });

export const CreateMemberBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  role: Type.String({ maxLength: 20, description: 'owner, admin or viewer' }),
  password: Type.Optional(Type.String({ maxLength: 1000, description: 'Without it the member is e-mailed a link to choose one' })),
});

export const UpdateMemberBody = Type.Object({ role: Type.String({ maxLength: 20, description: 'owner, admin or viewer' }) });

export const SignInBody = Type.Object({ email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 1000 }) });
export const SetupBody = Type.Object({
  token: Type.String({ maxLength: 100 }),
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1000 }),
  company_name: Type.Optional(Type.String({ maxLength: 200 })),
});
export const ResetRequestBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export const SignInLinkBody = Type.Object({ token: Type.String({ maxLength: 100 }) });
export const ResetBody = Type.Object({ token: Type.String({ maxLength: 100 }), password: Type.String({ maxLength: 1000 }) });
export const PasswordChangeBody = Type.Object({ current_password: Type.String({ maxLength: 1000 }), password: Type.String({ maxLength: 1000 }) });
