"""The one exception services raise for a refusal: its message is shown to the user as is."""


class ServiceError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
